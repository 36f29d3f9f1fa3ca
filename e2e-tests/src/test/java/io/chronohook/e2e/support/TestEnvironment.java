package io.chronohook.e2e.support;

import java.util.Map;

/** Where the real Postgres and Redis of the test machine are, and the keys a test installation uses. */
public final class TestEnvironment {

    /** The operator token the test installations accept. */
    public static final String OPERATOR_TOKEN = "op_e2e_operator_token_0123456789";

    private TestEnvironment() {
    }

    public static Map<String, String> backendSettings() {
        String host = env("CHRONOHOOK_TEST_DB_HOST", "127.0.0.1");
        String port = env("CHRONOHOOK_TEST_DB_PORT", "5432");
        String database = env("CHRONOHOOK_TEST_DB_NAME", "chronohook_test");
        String user = env("CHRONOHOOK_TEST_DB_USER", "chronohook");
        String password = env("CHRONOHOOK_TEST_DB_PASSWORD", "chronohook");
        return Map.ofEntries(
                Map.entry("SPRING_R2DBC_URL", "r2dbc:postgresql://" + host + ":" + port + "/" + database),
                Map.entry("SPRING_R2DBC_USERNAME", user),
                Map.entry("SPRING_R2DBC_PASSWORD", password),
                Map.entry("SPRING_FLYWAY_URL", "jdbc:postgresql://" + host + ":" + port + "/" + database),
                Map.entry("SPRING_FLYWAY_USER", user),
                Map.entry("SPRING_FLYWAY_PASSWORD", password),
                Map.entry("SPRING_DATA_REDIS_HOST", env("CHRONOHOOK_TEST_REDIS_HOST", "127.0.0.1")),
                Map.entry("SPRING_DATA_REDIS_PORT", env("CHRONOHOOK_TEST_REDIS_PORT", "6379")),
                Map.entry("SPRING_DATA_REDIS_DATABASE", "1"),
                Map.entry("CHRONOHOOK_SECRETS_MASTER_KEYS", "e2e:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="),
                Map.entry("CHRONOHOOK_SECRETS_ACTIVE_KEY_ID", "e2e"),
                Map.entry("CHRONOHOOK_AUTH_JWT_SECRET", "ZTJlIHRlc3RzIG9ubHk6IGEgSldUIGtleSBvZiBhdCBsZWFzdCAzMiBieXRlcw=="),
                Map.entry("CHRONOHOOK_AUTH_BCRYPT_STRENGTH", "4"),
                Map.entry("CHRONOHOOK_AUTH_OPERATOR_TOKEN", OPERATOR_TOKEN),
                Map.entry("CHRONOHOOK_DELIVERY_ALLOW_PRIVATE_TARGETS", "true"),
                Map.entry("CHRONOHOOK_BILLING_DEFAULT_PLAN", "unlimited"));
    }

    /** A JDBC connection to the test database, for checks an API client cannot make. */
    public static java.sql.Connection database() throws java.sql.SQLException {
        return java.sql.DriverManager.getConnection("jdbc:postgresql://" + env("CHRONOHOOK_TEST_DB_HOST", "127.0.0.1")
                        + ":" + env("CHRONOHOOK_TEST_DB_PORT", "5432") + "/" + env("CHRONOHOOK_TEST_DB_NAME", "chronohook_test"),
                env("CHRONOHOOK_TEST_DB_USER", "chronohook"), env("CHRONOHOOK_TEST_DB_PASSWORD", "chronohook"));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
