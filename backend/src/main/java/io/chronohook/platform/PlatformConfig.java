package io.chronohook.platform;

import java.security.SecureRandom;
import java.time.Clock;
import org.redisson.spring.starter.RedissonAutoConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Beans every stage shares: the clock (injected so tests can move time), randomness, Redisson settings. */
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
}
