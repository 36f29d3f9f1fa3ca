package io.chronohook.support;

/**
 * Where the tests of this JVM find Postgres and Redis: the {@code CHRONOHOOK_TEST_*} settings, read as system
 * properties first (a test JVM other than the first sets its own database there, see {@link ForkInstallation}), then
 * from the environment. The test settings ({@code application-test.yml}) resolve the same names the same way.
 */
public final class TestSettings {

    public static final String DATABASE_NAME = "CHRONOHOOK_TEST_DB_NAME";
    public static final String REDIS_DATABASE = "CHRONOHOOK_TEST_REDIS_DATABASE";

    private TestSettings() {
    }

    /** The database the backend under test runs on: {@code chronohook_test} unless set otherwise. */
    public static String databaseName() {
        return value(DATABASE_NAME, "chronohook_test");
    }

    /** The Redis database the backend under test uses: 1 unless set otherwise. */
    public static int redisDatabase() {
        return Integer.parseInt(value(REDIS_DATABASE, "1"));
    }

    public static String value(String name, String fallback) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            value = System.getenv(name);
        }
        return value == null || value.isBlank() ? fallback : value;
    }
}
