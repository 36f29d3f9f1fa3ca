package io.chronohook.platform;

import io.chronohook.access.ApiRateLimitProperties;
import io.chronohook.billing.quota.ExecutionLedger;
import io.chronohook.billing.quota.TenantBuckets;
import org.redisson.api.RedissonClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The per-tenant token buckets and execution counters, in the installation's Redis. */
@Configuration(proxyBeanMethods = false)
public class BucketsConfig {

    @Bean
    TenantBuckets tenantBuckets(RedissonClient redisson, ApiRateLimitProperties apiRateLimit) {
        return new TenantBuckets(redisson, apiRateLimit.unsettled());
    }

    @Bean
    ExecutionLedger executionLedger(RedissonClient redisson) {
        return new ExecutionLedger(redisson);
    }
}
