package io.chronohook.billing.support;

import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.springframework.r2dbc.core.DatabaseClient;

/** A schema of its own in the real test database, migrated with this module's migrations, dropped on close. */
public final class FreshSchema implements AutoCloseable {

    private static final String HOST = env("CHRONOHOOK_TEST_DB_HOST", "127.0.0.1");
    private static final int PORT = Integer.parseInt(env("CHRONOHOOK_TEST_DB_PORT", "5432"));
    private static final String DATABASE = env("CHRONOHOOK_TEST_DB_NAME", "chronohook_test");
    private static final String USER = env("CHRONOHOOK_TEST_DB_USER", "chronohook");
    private static final String PASSWORD = env("CHRONOHOOK_TEST_DB_PASSWORD", "chronohook");

    private final String schema;
    private final DatabaseClient client;

    private FreshSchema(String schema) {
        this.schema = schema;
        this.client = DatabaseClient.create(new PostgresqlConnectionFactory(
                PostgresqlConnectionConfiguration.builder()
                        .host(HOST).port(PORT).database(DATABASE).username(USER).password(PASSWORD)
                        .schema(schema)
                        .build()));
    }

    public static FreshSchema migrated() {
        String schema = "tb_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
        Flyway.configure()
                .dataSource(jdbcUrl(), USER, PASSWORD)
                .schemas(schema)
                .createSchemas(true)
                .locations("classpath:db/migration/tenant-billing")
                .load()
                .migrate();
        return new FreshSchema(schema);
    }

    public DatabaseClient client() {
        return client;
    }

    @Override
    public void close() throws SQLException {
        try (var connection = DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
             var statement = connection.createStatement()) {
            statement.execute("drop schema if exists " + schema + " cascade");
        }
    }

    private static String jdbcUrl() {
        return "jdbc:postgresql://" + HOST + ":" + PORT + "/" + DATABASE;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
