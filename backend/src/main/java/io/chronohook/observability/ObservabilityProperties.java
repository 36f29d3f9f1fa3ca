package io.chronohook.observability;

import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Tracing and metrics settings ({@code chronohook.tracing.*}, {@code chronohook.metrics.*}): where spans go, what
 * share of runs is sampled, and how many tenants get series of their own.
 */
@ConfigurationProperties("chronohook")
public record ObservabilityProperties(@DefaultValue Tracing tracing, @DefaultValue Metrics metrics) {

    /** OpenTelemetry tracing. Spans are exported only when {@code otlpEndpoint} is set; trace ids exist regardless. */
    public record Tracing(
            @DefaultValue("1.0") double samplingRatio,
            @DefaultValue("") String otlpEndpoint,
            @DefaultValue("http/protobuf") String otlpProtocol,
            @DefaultValue("") String otlpHeaders,
            @DefaultValue("chronohook-backend") String serviceName) {

        static final Set<String> PROTOCOLS = Set.of("grpc", "http/protobuf");

        public Tracing {
            if (!(samplingRatio >= 0 && samplingRatio <= 1)) {
                throw new IllegalArgumentException("chronohook.tracing.sampling-ratio must be between 0 and 1");
            }
            if (!PROTOCOLS.contains(otlpProtocol)) {
                throw new IllegalArgumentException("chronohook.tracing.otlp-protocol must be grpc or http/protobuf");
            }
            if (serviceName == null || serviceName.isBlank()) {
                throw new IllegalArgumentException("chronohook.tracing.service-name must not be empty");
            }
        }

        boolean exports() {
            return otlpEndpoint != null && !otlpEndpoint.isBlank();
        }
    }

    /** Metrics: tenants with series of their own in tenant-tagged meters; later tenants are left out. */
    public record Metrics(@DefaultValue("50") int tenantSeries) {

        public Metrics {
            if (tenantSeries < 1 || tenantSeries > 10_000) {
                throw new IllegalArgumentException("chronohook.metrics.tenant-series must be between 1 and 10000");
            }
        }
    }
}
