package io.chronohook.batcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.observability.ObservabilityProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FairShareMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final FairShareMetrics metrics = new FairShareMetrics(registry, new ObservabilityProperties(
            new ObservabilityProperties.Tracing(1.0, "", "http/protobuf", "", "chronohook-backend"),
            new ObservabilityProperties.Metrics(2)));
    private final TenantId a = new TenantId(UUID.randomUUID());
    private final TenantId b = new TenantId(UUID.randomUUID());
    private final TenantId c = new TenantId(UUID.randomUUID());
    private final TenantId d = new TenantId(UUID.randomUUID());

    @Test
    void countersAddUpPerTenant() {
        metrics.dispatched(a, 3);
        metrics.dispatched(a, 4);
        metrics.overRate(b, 5);
        metrics.held(b, 0);

        assertThat(registry.get("chronohook.fair.share.runs").tag("tenant", a.toString()).counter().count())
                .isEqualTo(7);
        assertThat(registry.get("chronohook.bucket.deferred.runs").tag("tenant", b.toString()).counter().count())
                .isEqualTo(5);
        assertThat(registry.find("chronohook.quota.held.runs").counters()).isEmpty();
        assertThat(registry.get("chronohook.bucket.rejections").counter().count()).isEqualTo(5);
    }

    @Test
    void onlyTheTenantsWithTheMostRunsWaitingGetReadySeriesAndTheRestAreSummedAsOther() {
        metrics.readyRuns(Map.of(a, 10L, b, 2L, c, 30L, d, 1L));

        assertThat(registry.get("chronohook.ready.runs").tag("tenant", c.toString()).gauge().value()).isEqualTo(30);
        assertThat(registry.get("chronohook.ready.runs").tag("tenant", a.toString()).gauge().value()).isEqualTo(10);
        assertThat(registry.get("chronohook.ready.runs").tag("tenant", "other").gauge().value()).isEqualTo(3);
        assertThat(registry.find("chronohook.ready.runs").gauges()).hasSize(3);
        assertThat(registry.get("chronohook.ready.depth").gauge().value()).isEqualTo(43);
    }

    @Test
    void readyGaugesFollowTheLatestSample() {
        metrics.readyRuns(Map.of(a, 10L, b, 2L));
        metrics.readyRuns(Map.of(a, 6L));

        assertThat(registry.get("chronohook.ready.runs").tag("tenant", a.toString()).gauge().value()).isEqualTo(6);
        assertThat(registry.find("chronohook.ready.runs").tag("tenant", b.toString()).gauge()).isNull();
    }
}
