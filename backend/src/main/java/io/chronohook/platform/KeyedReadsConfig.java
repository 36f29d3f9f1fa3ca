package io.chronohook.platform;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Option;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.boot.r2dbc.ConnectionFactoryBuilder;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The pool of {@link KeyedReads}: the database, credentials and driver settings of {@code spring.r2dbc}, its pool's
 * timeouts and validation, the main pool's binary arrays ({@link BinaryArrays}), and the session option
 * {@code plan_cache_mode=force_generic_plan} in place of the main pool's.
 */
@Configuration(proxyBeanMethods = false)
class KeyedReadsConfig {

    static final String PLAN_CACHE_MODE = "plan_cache_mode";
    static final String GENERIC_PLANS = "force_generic_plan";

    @Bean(destroyMethod = "close")
    KeyedReads keyedReads(KeyedReadsProperties properties, R2dbcProperties r2dbc, DatabaseClient db) {
        if (properties.connections() == 0) {
            return KeyedReads.sharing(db);
        }
        ConnectionFactory connections = ConnectionFactoryBuilder.withUrl(r2dbc.getUrl())
                .username(r2dbc.getUsername())
                .password(r2dbc.getPassword())
                .configure(options -> {
                    r2dbc.getProperties().forEach((name, value) -> options.option(Option.valueOf(name), value));
                    options.option(PostgresqlConnectionFactoryProvider.OPTIONS,
                            withGenericPlans(r2dbc.getProperties().get(PostgresqlConnectionFactoryProvider.OPTIONS.name())));
                    options.option(PostgresqlConnectionFactoryProvider.EXTENSIONS, List.of(new BinaryArrays()));
                })
                .build();
        R2dbcProperties.Pool main = r2dbc.getPool();
        ConnectionPoolConfiguration.Builder pool = ConnectionPoolConfiguration.builder(connections)
                .name("keyed-reads")
                .initialSize(0)
                .maxSize(properties.connections())
                .validationDepth(main.getValidationDepth());
        PropertyMapper map = PropertyMapper.get();
        map.from(main.getMaxIdleTime()).to(pool::maxIdleTime);
        map.from(main.getMaxLifeTime()).to(pool::maxLifeTime);
        map.from(main.getMaxAcquireTime()).to(pool::maxAcquireTime);
        map.from(main.getMaxCreateConnectionTime()).to(pool::maxCreateConnectionTime);
        map.from(main.getMaxValidationTime()).to(pool::maxValidationTime);
        map.from(main.getValidationQuery()).to(pool::validationQuery);
        return new KeyedReads(new ConnectionPool(pool.build()));
    }

    /** The session options of {@code spring.r2dbc.properties.options} ({@code a=b;c=d}) with generic plans. */
    static Map<String, String> withGenericPlans(String mainOptions) {
        Map<String, String> options = new LinkedHashMap<>();
        if (mainOptions != null && !mainOptions.isBlank()) {
            for (String pair : mainOptions.split(";")) {
                int equals = pair.indexOf('=');
                if (equals > 0) {
                    options.put(pair.substring(0, equals).strip(), pair.substring(equals + 1).strip());
                }
            }
        }
        options.put(PLAN_CACHE_MODE, GENERIC_PLANS);
        return options;
    }
}
