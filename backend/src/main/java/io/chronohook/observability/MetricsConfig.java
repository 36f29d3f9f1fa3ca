package io.chronohook.observability;

import io.micrometer.core.instrument.config.MeterFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Keeps tenant-tagged counters bounded: each takes the first {@code chronohook.metrics.tenant-series} tenants it
 * meets; later tenants get no series of their own (their runs still count in the untagged totals).
 */
@Configuration(proxyBeanMethods = false)
class MetricsConfig {

    @Bean
    MeterFilter fairShareTenants(ObservabilityProperties properties) {
        return bounded(MeterNames.FAIR_SHARE, properties);
    }

    @Bean
    MeterFilter bucketDeferredTenants(ObservabilityProperties properties) {
        return bounded(MeterNames.BUCKET_DEFERRED, properties);
    }

    @Bean
    MeterFilter quotaHeldTenants(ObservabilityProperties properties) {
        return bounded(MeterNames.QUOTA_HELD, properties);
    }

    private static MeterFilter bounded(String name, ObservabilityProperties properties) {
        return MeterFilter.maximumAllowableTags(name, "tenant", properties.metrics().tenantSeries(),
                MeterFilter.deny());
    }
}
