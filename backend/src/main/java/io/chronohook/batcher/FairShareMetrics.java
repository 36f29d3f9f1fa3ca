package io.chronohook.batcher;

import io.chronohook.billing.tenant.TenantId;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * What the batcher does for each tenant, as metrics tagged {@code tenant}: runs waiting in its ready lists, runs
 * handed to dispatch (its fair share), runs sent back by its dispatch bucket, runs held by its monthly quota.
 */
@Component
public class FairShareMetrics {

    private final MeterRegistry registry;
    private final MultiGauge readyRuns;

    public FairShareMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.readyRuns = MultiGauge.builder("chronohook.ready.runs")
                .description("Runs released by the time gate and waiting for dispatch, per tenant")
                .register(registry);
    }

    void dispatched(TenantId tenant, int runs) {
        count("chronohook.fair.share.runs", "Runs the fair batcher handed to dispatch", tenant, runs);
    }

    void overRate(TenantId tenant, int runs) {
        count("chronohook.bucket.deferred.runs", "Runs sent back to the gate by the tenant's dispatch bucket",
                tenant, runs);
    }

    void held(TenantId tenant, int runs) {
        count("chronohook.quota.held.runs", "Runs held because the tenant's monthly executions are spent",
                tenant, runs);
    }

    /** Replaces the ready-run gauges with a new sample (tenants no longer waiting disappear). */
    void readyRuns(Map<TenantId, Long> depths) {
        readyRuns.register(depths.entrySet().stream()
                .map(entry -> MultiGauge.Row.of(Tags.of("tenant", entry.getKey().toString()), entry.getValue()))
                .toList(), true);
    }

    private void count(String name, String description, TenantId tenant, int runs) {
        if (runs > 0) {
            Counter.builder(name).description(description).tag("tenant", tenant.toString()).register(registry)
                    .increment(runs);
        }
    }
}
