package io.chronohook.platform;

import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import org.redisson.spring.starter.RedissonAutoConfigurationCustomizer;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Beans every stage shares: the clock (injected so tests can move time), randomness, Redisson settings, the driver's
 * binary arrays.
 */
@Configuration(proxyBeanMethods = false)
public class PlatformConfig {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    SecureRandom secureRandom() {
        return new SecureRandom();
    }

    /** Connect to Redis on first use, so that the API starts (and reports Redis down) while Redis is away. */
    @Bean
    RedissonAutoConfigurationCustomizer lazyRedisson() {
        return config -> config.setLazyInitialization(true);
    }

    /** Every connection of the main pool sends bound arrays in binary ({@link BinaryArrays}). */
    @Bean
    ConnectionFactoryOptionsBuilderCustomizer binaryArrays() {
        return options -> options.option(PostgresqlConnectionFactoryProvider.EXTENSIONS, List.of(new BinaryArrays()));
    }
}
