package io.chronohook.support;

import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * A database of its own for a test that changes what every tenant shares (partitions, retention): created on the
 * test Postgres, migrated like the real one, dropped at the end.
 */
public final class FreshDatabase implements AutoCloseable {

    private static final String HOST = TestSettings.value("CHRONOHOOK_TEST_DB_HOST", "127.0.0.1");
    private static final String PORT = TestSettings.value("CHRONOHOOK_TEST_DB_PORT", "5432");
    private static final String USER = "chronohook";
    private static final String PASSWORD = "chronohook";

    private final String name;
    private final ConnectionFactory connections;
    private final DatabaseClient client;
    private final TransactionalOperator tx;

    public FreshDatabase(String purpose) throws SQLException {
        this(purpose, null);
    }

    /** A database migrated up to {@code version} only (every migration when null); {@link #migrate()} goes on. */
    public FreshDatabase(String purpose, String version) throws SQLException {
        this.name = TestSettings.databaseName() + "_" + purpose + "_"
                + UUID.randomUUID().toString().substring(0, 8);
        admin("create database " + name);
        migrate(version);
        connections = ConnectionFactories.get(ConnectionFactoryOptions.builder()
                .option(ConnectionFactoryOptions.DRIVER, "postgresql")
                .option(ConnectionFactoryOptions.HOST, HOST)
                .option(ConnectionFactoryOptions.PORT, Integer.parseInt(PORT))
                .option(ConnectionFactoryOptions.USER, USER)
                .option(ConnectionFactoryOptions.PASSWORD, PASSWORD)
                .option(ConnectionFactoryOptions.DATABASE, name)
                .build());
        client = DatabaseClient.create(connections);
        tx = TransactionalOperator.create(new R2dbcTransactionManager(connections));
    }

    /** Applies the remaining migrations, as a new version starting on an existing installation does. */
    public void migrate() {
        migrate(null);
    }

    private void migrate(String version) {
        var flyway = Flyway.configure().dataSource(jdbcUrl(name), USER, PASSWORD)
                .locations("classpath:db/migration/tenant-billing", "classpath:db/migration/backend");
        if (version != null) {
            flyway = flyway.target(version);
        }
        flyway.load().migrate();
    }

    public DatabaseClient client() {
        return client;
    }

    public TransactionalOperator tx() {
        return tx;
    }

    /** A JDBC connection to the database, for a test's own reads and writes. */
    public Connection jdbc() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(name), USER, PASSWORD);
    }

    @Override
    public void close() throws SQLException {
        admin("drop database if exists " + name + " with (force)");
    }

    /** Runs {@code sql} on the server's {@code postgres} database (to create or drop a database). */
    static void admin(String sql) throws SQLException {
        try (Connection db = DriverManager.getConnection(jdbcUrl("postgres"), USER, PASSWORD);
             Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
    }

    /** A JDBC connection to the database the backend under test runs on (not a fresh one). */
    public static Connection backendDatabase() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(TestSettings.databaseName()), USER, PASSWORD);
    }

    private static String jdbcUrl(String database) {
        return "jdbc:postgresql://" + HOST + ":" + PORT + "/" + database;
    }
}
