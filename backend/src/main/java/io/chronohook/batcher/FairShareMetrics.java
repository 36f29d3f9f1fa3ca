package io.chronohook.batcher;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.observability.MeterNames;
import io.chronohook.observability.ObservabilityProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * What the batcher does for each tenant, as metrics tagged {@code tenant}: runs waiting in its ready lists, runs
 * handed to dispatch (its fair share), runs sent back by its dispatch bucket, runs held by its monthly quota.
 * Cardinality is bounded: ready gauges exist for the {@code chronohook.metrics.tenant-series} tenants with the most
 * runs waiting (the rest summed under {@code tenant="other"}), and the counters take that many tenants
 * ({@code MetricsConfig}); {@code chronohook.bucket.rejections} counts every tenant's deferrals untagged.
 */
@Component
public class FairShareMetrics {

    private final MeterRegistry registry;
    private final MultiGauge readyRuns;
    private final AtomicLong readyTotal = new AtomicLong();
    private final Counter bucketRejections;
    private final int tenantSeries;

    public FairShareMetrics(MeterRegistry registry, ObservabilityProperties properties) {
        this.registry = registry;
        this.tenantSeries = properties.metrics().tenantSeries();
        this.readyRuns = MultiGauge.builder(MeterNames.READY_RUNS)
                .description("Runs released by the time gate and waiting for dispatch, per tenant")
                .register(registry);
        Gauge.builder(MeterNames.READY_DEPTH, readyTotal, AtomicLong::get)
                .description("Runs released by the time gate and waiting for dispatch, all tenants")
                .baseUnit("runs").register(registry);
        this.bucketRejections = Counter.builder(MeterNames.BUCKET_REJECTIONS)
                .description("Runs sent back to the gate by a tenant's dispatch bucket (token bucket rejections)")
                .register(registry);
    }

    void dispatched(TenantId tenant, int runs) {
        count(MeterNames.FAIR_SHARE, "Runs the fair batcher handed to dispatch", tenant, runs);
    }

    void overRate(TenantId tenant, int runs) {
        count(MeterNames.BUCKET_DEFERRED, "Runs sent back to the gate by the tenant's dispatch bucket",
                tenant, runs);
        bucketRejections.increment(runs);
    }

    void held(TenantId tenant, int runs) {
        count(MeterNames.QUOTA_HELD, "Runs held because the tenant's monthly executions are spent",
                tenant, runs);
    }

    /**
     * Replaces the ready-run gauges with a new sample (tenants no longer waiting disappear): the tenants with the
     * most runs waiting get a series each, the others one {@code other} series.
     */
    void readyRuns(Map<TenantId, Long> depths) {
        List<Map.Entry<TenantId, Long>> largest = depths.entrySet().stream()
                .sorted(Map.Entry.<TenantId, Long>comparingByValue(Comparator.reverseOrder()))
                .toList();
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        long others = 0;
        for (int i = 0; i < largest.size(); i++) {
            if (i < tenantSeries) {
                rows.add(MultiGauge.Row.of(Tags.of("tenant", largest.get(i).getKey().toString()),
                        largest.get(i).getValue()));
            } else {
                others += largest.get(i).getValue();
            }
        }
        if (largest.size() > tenantSeries) {
            rows.add(MultiGauge.Row.of(Tags.of("tenant", "other"), others));
        }
        readyRuns.register(rows, true);
        readyTotal.set(depths.values().stream().mapToLong(Long::longValue).sum());
    }

    private void count(String name, String description, TenantId tenant, int runs) {
        if (runs > 0) {
            Counter.builder(name).description(description).tag("tenant", tenant.toString()).register(registry)
                    .increment(runs);
        }
    }
}
