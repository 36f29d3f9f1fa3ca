package io.chronohook.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.RunId;
import io.chronohook.outcome.AttemptResults;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
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
            RunTrace trace = new RunTracing(TracingConfig.tracer(sdk, true, 0.0)).begin(run(), T, T, T, 1);
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
            RunTrace trace = new RunTracing(TracingConfig.tracer(sdk, true, 1.0)).begin(run(), T, T, T, 1);
            trace.recorded(T);
            sdk.getSdkTracerProvider().forceFlush().join(10, TimeUnit.SECONDS);
        } finally {
            collector.stop(0);
        }
        assertThat(received).contains("POST /v1/traces application/x-protobuf s=cret");
    }

    @Test
    void aSampledRunGivesTheCollectorItsFiveSpansWithTheirAttributes() {
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        ClaimedRun run = run();
        try (OpenTelemetrySdk sdk = sdk(tracing(1.0, ""), exported)) {
            RunTrace trace = new RunTracing(tracer(sdk, tracing(1.0, ""), exported)).begin(run, T, T, T, 1);
            String traceparent = trace.sending(run, T);
            trace.finished(AttemptResults.deferred(run, T, T.plusSeconds(1)), T);
            trace.recorded(T);

            assertThat(traceparent).matches("00-" + trace.traceId() + "-[0-9a-f]{16}-01");
            assertThat(exported.getFinishedSpanItems()).extracting(SpanData::getName).containsExactlyInAnyOrder(
                    SpanNames.RUN, SpanNames.GATE_RELEASE, SpanNames.BATCH_CLAIM, SpanNames.HTTP_ATTEMPT,
                    SpanNames.OUTCOME_RECORD);
            assertThat(exported.getFinishedSpanItems()).allMatch(span -> span.getTraceId().equals(trace.traceId()));
            SpanData root = exported.getFinishedSpanItems().stream()
                    .filter(span -> span.getName().equals(SpanNames.RUN)).findFirst().orElseThrow();
            assertThat(root.getAttributes().get(SpanNames.RUN_ID))
                    .isEqualTo(run.id().toString());
        }
    }

    @Test
    void withNothingToReceiveSpansRunsKeepTheirTraceIdsAndSampledFlagsAndRecordNothing() {
        ObservabilityProperties.Tracing all = tracing(1.0, "");
        try (OpenTelemetrySdk sdk = sdk(all)) {
            Tracer tracer = tracer(sdk, all);
            assertThat(tracer).isInstanceOf(UnrecordedTracer.class);
            RunTrace trace = new RunTracing(tracer).begin(run(), T, T, T, 1);
            String traceparent = trace.sending(run(), T);
            trace.finished(AttemptResults.deferred(run(), T, T.plusSeconds(1)), T);
            trace.recorded(T);

            assertThat(trace.traceId()).matches("[0-9a-f]{32}").isNotEqualTo("0".repeat(32));
            assertThat(traceparent).matches("00-" + trace.traceId() + "-[0-9a-f]{16}-01");
            assertThat(tracer.spanBuilder("x").setNoParent().startSpan().isRecording()).isFalse();
        }
        ObservabilityProperties.Tracing none = tracing(0.0, "");
        try (OpenTelemetrySdk sdk = sdk(none)) {
            RunTrace trace = new RunTracing(tracer(sdk, none)).begin(run(), T, T, T, 1);
            assertThat(trace.sending(run(), T)).matches("00-" + trace.traceId() + "-[0-9a-f]{16}-00");
        }
        // Half the traces sampled, decided by the trace id as the SDK decides.
        ObservabilityProperties.Tracing half = tracing(0.5, "");
        try (OpenTelemetrySdk sdk = sdk(half)) {
            Tracer tracer = tracer(sdk, half);
            long sampled = java.util.stream.IntStream.range(0, 2_000)
                    .filter(i -> tracer.spanBuilder("x").startSpan().getSpanContext().isSampled()).count();
            assertThat(sampled).isBetween(800L, 1_200L);
        }
    }

    @Test
    void anExporterOrACollectorKeepsTheSdksTracer() {
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        try (OpenTelemetrySdk sdk = sdk(tracing(1.0, ""), exported)) {
            assertThat(tracer(sdk, tracing(1.0, ""), exported)).isNotInstanceOf(UnrecordedTracer.class);
            assertThat(tracer(sdk, tracing(1.0, "http://127.0.0.1:4318"))).isNotInstanceOf(UnrecordedTracer.class);
        }
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

    /** The tracer the configuration gives for these settings and exporter beans. */
    private static Tracer tracer(OpenTelemetrySdk sdk, ObservabilityProperties.Tracing tracing,
                                 SpanExporter... exporters) {
        return new TracingConfig().tracer(sdk, new ObservabilityProperties(tracing,
                new ObservabilityProperties.Metrics(50)), exporters(exporters).getBeanProvider(SpanExporter.class));
    }

    private static StaticListableBeanFactory exporters(SpanExporter... exporters) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        for (int i = 0; i < exporters.length; i++) {
            beans.addBean("exporter" + i, exporters[i]);
        }
        return beans;
    }

    private static OpenTelemetrySdk sdk(ObservabilityProperties.Tracing tracing, SpanExporter... exporters) {
        return new TracingConfig().openTelemetry(new ObservabilityProperties(tracing,
                new ObservabilityProperties.Metrics(50)), exporters(exporters).getBeanProvider(SpanExporter.class));
    }

    private static ClaimedRun run() {
        return new ClaimedRun(new RunId(UUID.randomUUID()), new TenantId(UUID.randomUUID()),
                new JobId(UUID.randomUUID()), T, 1, 0, T, URI.create("https://example.com/hook"), "POST",
                "application/json", null, null, null, Duration.ofSeconds(30), false, 5, Duration.ofSeconds(10),
                Duration.ofHours(1), null);
    }
}
