package io.chronohook.support;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * The module's tests run in two JVMs at once (Surefire's {@code forkCount}; most of a test's time is waiting for
 * deliveries and schedules, not CPU), and each must have an installation of its own: a background loop of one
 * JVM's context would otherwise claim and send the other's runs, and a test that empties Redis would empty it for
 * both. The first JVM uses the test database and Redis database as they are set ({@code ./chronohook test} empties
 * both before the run); JVM <i>n</i> (2, 3, …) uses the database of that name with {@code _<n>} appended, dropped
 * and created empty here before any test, and the Redis database 3 × (<i>n</i> − 1) past it, emptied (4 for the
 * second JVM by default: 2 and 3 are {@code TimeGateTest}'s and {@code CircuitBreakersTest}'s own). Surefire numbers
 * the JVMs in the system property {@code chronohook.test.fork} ({@code fork 2}); without it (a test started from an
 * IDE) nothing changes.
 */
public final class ForkInstallation implements LauncherSessionListener {

    private static final AtomicBoolean PREPARED = new AtomicBoolean();

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        int fork = fork();
        if (fork < 2 || !PREPARED.compareAndSet(false, true)) {
            return;
        }
        String database = TestSettings.databaseName() + "_" + fork;
        int redisDatabase = TestSettings.redisDatabase() + 3 * (fork - 1);
        try {
            emptyDatabase(database);
        } catch (SQLException e) {
            throw new IllegalStateException("the test database " + database + " could not be made", e);
        }
        emptyRedis(redisDatabase);
        System.setProperty(TestSettings.DATABASE_NAME, database);
        System.setProperty(TestSettings.REDIS_DATABASE, Integer.toString(redisDatabase));
    }

    private static int fork() {
        String number = System.getProperty("chronohook.test.fork", "").replaceFirst("^fork ", "");
        return number.matches("\\d+") ? Integer.parseInt(number) : 1;
    }

    private static void emptyDatabase(String database) throws SQLException {
        FreshDatabase.admin("drop database if exists " + database + " with (force)");
        FreshDatabase.admin("create database " + database);
    }

    private static void emptyRedis(int database) {
        Config config = new Config();
        config.useSingleServer().setDatabase(database).setAddress("redis://"
                + TestSettings.value("CHRONOHOOK_TEST_REDIS_HOST", "127.0.0.1") + ":"
                + TestSettings.value("CHRONOHOOK_TEST_REDIS_PORT", "6379"));
        RedissonClient redis = Redisson.create(config);
        try {
            redis.getKeys().flushdb();
        } finally {
            redis.shutdown();
        }
    }
}
