package io.chronohook.e2e.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where the real Postgres and Redis of the test machine are, and the keys a test installation uses. */
public final class TestEnvironment {

    /** The operator token the test installations accept. */
    public static final String OPERATOR_TOKEN = "op_e2e_operator_token_0123456789";
    /** The id and base64 value of the master key that seals secrets and job payloads in test installations. */
    public static final String MASTER_KEY_ID = "e2e";
    public static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    private TestEnvironment() {
    }

    public static Map<String, String> backendSettings() {
        return backendSettings(databaseName(), redisDatabase());
    }

    /** The settings of a test installation on {@code database} and Redis database {@code redisDatabase}. */
    public static Map<String, String> backendSettings(String database, int redisDatabase) {
        String host = env("CHRONOHOOK_TEST_DB_HOST", "127.0.0.1");
        String port = env("CHRONOHOOK_TEST_DB_PORT", "5432");
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
                Map.entry("SPRING_DATA_REDIS_DATABASE", Integer.toString(redisDatabase)),
                Map.entry("CHRONOHOOK_SECRETS_MASTER_KEYS", MASTER_KEY_ID + ":" + MASTER_KEY),
                Map.entry("CHRONOHOOK_SECRETS_ACTIVE_KEY_ID", MASTER_KEY_ID),
                Map.entry("CHRONOHOOK_AUTH_JWT_SECRET", "ZTJlIHRlc3RzIG9ubHk6IGEgSldUIGtleSBvZiBhdCBsZWFzdCAzMiBieXRlcw=="),
                Map.entry("CHRONOHOOK_AUTH_BCRYPT_STRENGTH", "4"),
                Map.entry("CHRONOHOOK_AUTH_OPERATOR_TOKEN", OPERATOR_TOKEN),
                // Tests and benchmark programs sign up and in from one address far more often than people do.
                Map.entry("CHRONOHOOK_AUTH_LIMITS_SIGNINSPERADDRESSPERMINUTE", "1000000"),
                Map.entry("CHRONOHOOK_AUTH_LIMITS_SIGNUPSPERADDRESSPERHOUR", "1000000"),
                Map.entry("CHRONOHOOK_DELIVERY_ALLOW_PRIVATE_TARGETS", "true"),
                Map.entry("CHRONOHOOK_BILLING_DEFAULT_PLAN", "unlimited"));
    }

    /** The Redis database the test installations use: 1 unless {@code CHRONOHOOK_TEST_REDIS_DATABASE} names another. */
    public static int redisDatabase() {
        return Integer.parseInt(env("CHRONOHOOK_TEST_REDIS_DATABASE", "1"));
    }

    /** A JDBC connection to the test database, for checks an API client cannot make. */
    public static Connection database() throws SQLException {
        return connect(databaseName());
    }

    public static String databaseName() {
        return env("CHRONOHOOK_TEST_DB_NAME", "chronohook_test");
    }

    /**
     * Drops and recreates the test database (the test role owns it and may create databases) and empties the test
     * Redis database: what a program that starts installation after installation needs between them.
     */
    public static void startAfresh() throws SQLException, IOException {
        startAfresh(databaseName(), redisDatabase());
    }

    /** Drops and recreates {@code database} and empties Redis database {@code redisDatabase}. */
    public static void startAfresh(String database, int redisDatabase) throws SQLException, IOException {
        try (Connection admin = connect("postgres"); Statement sql = admin.createStatement()) {
            drop(sql, database);
            sql.execute("create database " + database);
        }
        try (Socket redis = redis()) {
            redis.getOutputStream().write(command("SELECT", Integer.toString(redisDatabase)));
            redis.getOutputStream().write(command("FLUSHDB"));
            BufferedReader answers = new BufferedReader(new InputStreamReader(
                    redis.getInputStream(), StandardCharsets.US_ASCII));
            for (String command : new String[] {"SELECT", "FLUSHDB"}) {
                String answer = answers.readLine();
                if (!"+OK".equals(answer)) {
                    throw new IOException("Redis answered " + answer + " to " + command);
                }
            }
        }
    }

    /** How often a drop refused while autovacuum works in the database is tried again, half a second apart. */
    private static final int DROP_ATTEMPTS = 40;

    /**
     * Drops {@code database}, ending its sessions. Postgres refuses a role that is not a superuser the forced drop
     * while an autovacuum worker is at work in the database (it may not end that session). A plain drop ends such a
     * worker itself, and fails only while a client's session is still in the database (the scenario's backend has
     * just stopped): it is tried then, and both again, half a second apart, until one goes through.
     */
    private static void drop(Statement sql, String database) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                sql.execute("drop database if exists " + database + " with (force)");
                return;
            } catch (SQLException e) {
                if (!"42501".equals(e.getSQLState()) || attempt == DROP_ATTEMPTS) {
                    throw e;
                }
            }
            try {
                sql.execute("drop database if exists " + database);
                return;
            } catch (SQLException e) {
                // another session still in the database: tried again below
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while waiting to drop " + database, e);
            }
        }
    }

    /** The members of a sorted set in the test installation's Redis database. */
    public static List<String> sortedSetMembers(String key) throws IOException {
        return List.copyOf(sortedSet(key).keySet());
    }

    /** The members of a sorted set in the test installation's Redis database with their scores, lowest first. */
    public static Map<String, Double> sortedSet(String key) throws IOException {
        try (Socket redis = redis()) {
            redis.getOutputStream().write(command("SELECT", Integer.toString(redisDatabase())));
            redis.getOutputStream().write(command("ZRANGE", key, "0", "-1", "WITHSCORES"));
            BufferedReader answers = new BufferedReader(new InputStreamReader(
                    redis.getInputStream(), StandardCharsets.UTF_8));
            String selected = answers.readLine();
            String header = answers.readLine();
            if (!"+OK".equals(selected) || header == null || !header.startsWith("*")) {
                throw new IOException("Redis answered " + selected + " / " + header + " to ZRANGE " + key);
            }
            Map<String, Double> members = new LinkedHashMap<>();
            for (int i = Integer.parseInt(header.substring(1)) / 2; i > 0; i--) {
                answers.readLine();
                String member = answers.readLine();
                answers.readLine();
                members.put(member, Double.parseDouble(answers.readLine()));
            }
            return members;
        }
    }

    private static Socket redis() throws IOException {
        return new Socket(env("CHRONOHOOK_TEST_REDIS_HOST", "127.0.0.1"),
                Integer.parseInt(env("CHRONOHOOK_TEST_REDIS_PORT", "6379")));
    }

    /** A command in Redis's protocol (its parts ASCII). */
    private static byte[] command(String... parts) {
        StringBuilder out = new StringBuilder("*").append(parts.length).append("\r\n");
        for (String part : parts) {
            out.append('$').append(part.length()).append("\r\n").append(part).append("\r\n");
        }
        return out.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static Connection connect(String database) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://" + env("CHRONOHOOK_TEST_DB_HOST", "127.0.0.1")
                        + ":" + env("CHRONOHOOK_TEST_DB_PORT", "5432") + "/" + database,
                env("CHRONOHOOK_TEST_DB_USER", "chronohook"), env("CHRONOHOOK_TEST_DB_PASSWORD", "chronohook"));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
