package io.chronohook.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.RunId;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;

/** The SDK as configured: sampling, the OTLP exporter, and trace ids that exist whatever is sampled. */
class TracingConfigTest {

    private static final Instant T = Instant.parse("2026-11-23T10:00:00Z");

    @Test
    void anUnsampledRunStillGetsATraceIdAndATraceparentButExportsNothing() {
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        try (OpenTelemetrySdk sdk = sdk(tracing(0.0, ""), exported)) {
            RunTrace trace = new RunTracing(new TracingConfig().tracer(sdk)).begin(run(), T, T, T, 1);
            String traceparent = trace.sending(run(), T);

            assertThat(trace.traceId()).matches("[0-9a-f]{32}").isNotEqualTo("0".repeat(32));
            assertThat(traceparent).matches("00-" + trace.traceId() + "-[0-9a-f]{16}-00");
            trace.recorded(T);
            assertThat(exported.getFinishedSpanItems()).isEmpty();
        }
    }

    @Test
    void withAnEndpointSpansGoToTheCollectorOverOtlpHttp() throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        HttpServer collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        collector.createContext("/", exchange -> {
            received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + exchange.getRequestHeaders().getFirst("Content-Type") + " "
                    + exchange.getRequestHeaders().getFirst("X-Api-Key"));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
        try (OpenTelemetrySdk sdk = sdk(new ObservabilityProperties.Tracing(1.0,
                "http://127.0.0.1:" + collector.getAddress().getPort(), "http/protobuf", "x-api-key=s%3Dcret",
                "chronohook-test"))) {
            RunTrace trace = new RunTracing(new TracingConfig().tracer(sdk)).begin(run(), T, T, T, 1);
            trace.recorded(T);
            sdk.getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);
        } finally {
            collector.stop(0);
        }
        assertThat(received).contains("POST /v1/traces application/x-protobuf s=cret");
    }

    @Test
    void badTracingSettingsAreRefusedAtStartUp() {
        assertThatThrownBy(() -> tracing(1.5, "")).hasMessageContaining("sampling-ratio");
        assertThatThrownBy(() -> new ObservabilityProperties.Tracing(1.0, "", "thrift", "", "x"))
                .hasMessageContaining("otlp-protocol");
        assertThatThrownBy(() -> OtlpHeaders.parse("novalue")).hasMessageContaining("otlp-headers");
        assertThat(OtlpHeaders.parse(" a = 1 ,b=x%20y")).isEqualTo(Map.of("a", "1", "b", "x y"));
    }

    private static ObservabilityProperties.Tracing tracing(double ratio, String endpoint) {
        return new ObservabilityProperties.Tracing(ratio, endpoint, "http/protobuf", "", "chronohook-test");
    }

    private static OpenTelemetrySdk sdk(ObservabilityProperties.Tracing tracing, SpanExporter... exporters) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        for (int i = 0; i < exporters.length; i++) {
            beans.addBean("exporter" + i, exporters[i]);
        }
        return new TracingConfig().openTelemetry(new ObservabilityProperties(tracing,
                new ObservabilityProperties.Metrics(50)), beans.getBeanProvider(SpanExporter.class));
    }

    private static ClaimedRun run() {
        return new ClaimedRun(new RunId(UUID.randomUUID()), new TenantId(UUID.randomUUID()),
                new JobId(UUID.randomUUID()), T, 1, 0, T, URI.create("https://example.com/hook"), "POST",
                "application/json", null, null, null, Duration.ofSeconds(30), false, 5, Duration.ofSeconds(10),
                Duration.ofHours(1), null);
    }
}
