package io.chronohook.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import io.chronohook.support.TestReceiver.Reply;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The trace of a run, as an in-memory exporter receives it from the real pipeline. */
class RunTracingTest extends ReceiverApiTest {

    @Test
    void aDeliveredRunLeavesOneTraceFromGateReleaseToRecordedOutcomeWhoseIdsTheReceiverGot() {
        TestTenant tenant = signUp();
        receiver.script("/traced", request -> new Reply(200, "ok"));
        String job = standbyJob(tenant, "/traced", Map.of("maxAttempts", 1));
        String runId = trigger(tenant, job, 1);

        TestReceiver.Received callback = awaitCallbacks("/traced", 1).getFirst();
        String traceparent = callback.header("traceparent");
        assertThat(traceparent).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
        String traceId = traceparent.substring(3, 35);
        String httpSpanId = traceparent.substring(36, 52);

        Map<String, SpanData> trace = awaitTrace(traceId);
        assertThat(trace.keySet()).containsExactlyInAnyOrder(SpanNames.RUN, SpanNames.GATE_RELEASE,
                SpanNames.BATCH_CLAIM, SpanNames.HTTP_ATTEMPT, SpanNames.OUTCOME_RECORD);
        SpanData root = trace.get(SpanNames.RUN);
        assertThat(root.getParentSpanContext().isValid()).isFalse();
        assertThat(trace.values()).filteredOn(span -> span != root)
                .allSatisfy(span -> assertThat(span.getParentSpanId()).isEqualTo(root.getSpanId()));
        assertThat(root.getAttributes().get(SpanNames.RUN_ID)).isEqualTo(runId);
        assertThat(root.getAttributes().get(SpanNames.TENANT_ID)).isEqualTo(tenant.tenantId());
        assertThat(root.getAttributes().get(SpanNames.OUTCOME)).isEqualTo("delivered");
        assertThat(root.getAttributes().get(SpanNames.NEXT_STATE)).isEqualTo("succeeded");

        SpanData http = trace.get(SpanNames.HTTP_ATTEMPT);
        assertThat(http.getSpanId()).isEqualTo(httpSpanId);
        assertThat(http.getKind()).isEqualTo(SpanKind.CLIENT);
        assertThat(http.getAttributes().get(SpanNames.STATUS_CODE)).isEqualTo(200L);
        assertThat(http.getAttributes().get(SpanNames.ATTEMPT)).isEqualTo(1L);
        assertThat(http.getAttributes().get(SpanNames.RUN_ID)).isEqualTo(runId);
        assertThat(http.getAttributes().get(SpanNames.TENANT_ID)).isEqualTo(tenant.tenantId());
        assertThat(http.getAttributes().get(SpanNames.LATENCY_MS)).isNotNull();
        assertThat(http.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
        assertThat(trace.get(SpanNames.BATCH_CLAIM).getAttributes().get(SpanNames.BATCH_SIZE)).isPositive();

        // The stages follow one another in time: released, claimed, sent, recorded.
        assertThat(trace.get(SpanNames.GATE_RELEASE).getStartEpochNanos()).isEqualTo(root.getStartEpochNanos());
        assertThat(trace.get(SpanNames.BATCH_CLAIM).getEndEpochNanos()).isLessThanOrEqualTo(http.getStartEpochNanos());
        assertThat(http.getEndEpochNanos())
                .isLessThanOrEqualTo(trace.get(SpanNames.OUTCOME_RECORD).getStartEpochNanos());
        assertThat(trace.get(SpanNames.OUTCOME_RECORD).getEndEpochNanos()).isEqualTo(root.getEndEpochNanos());

        assertThat(storedTraceIds(tenant, runId)).containsExactly(traceId);
    }

    @Test
    void everyAttemptOfARetriedRunHasItsOwnTraceAndFailuresAreMarkedAsErrors() {
        TestTenant tenant = signUp();
        AtomicInteger calls = new AtomicInteger();
        receiver.script("/flaky", request -> calls.incrementAndGet() == 1
                ? new Reply(503, "try later") : new Reply(200, "ok"));
        String job = standbyJob(tenant, "/flaky",
                Map.of("maxAttempts", 3, "initialDelay", "PT1S", "maxDelay", "PT1S"));
        String runId = trigger(tenant, job, 1);

        List<TestReceiver.Received> callbacks = awaitCallbacks("/flaky", 2);
        String first = callbacks.get(0).header("traceparent").substring(3, 35);
        String second = callbacks.get(1).header("traceparent").substring(3, 35);
        assertThat(first).isNotEqualTo(second);

        SpanData failed = awaitTrace(first).get(SpanNames.HTTP_ATTEMPT);
        assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(failed.getAttributes().get(SpanNames.STATUS_CODE)).isEqualTo(503L);
        assertThat(failed.getAttributes().get(SpanNames.OUTCOME)).isEqualTo("rejected");
        assertThat(awaitTrace(first).get(SpanNames.RUN).getAttributes().get(SpanNames.NEXT_STATE))
                .isEqualTo("retry_wait");
        SpanData delivered = awaitTrace(second).get(SpanNames.HTTP_ATTEMPT);
        assertThat(delivered.getAttributes().get(SpanNames.ATTEMPT)).isEqualTo(2L);
        assertThat(delivered.getAttributes().get(SpanNames.STATUS_CODE)).isEqualTo(200L);

        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(storedTraceIds(tenant, runId)).containsExactly(first, second));
    }

    private List<TestReceiver.Received> awaitCallbacks(String path, int count) {
        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt(path).size() >= count);
        return receiver.receivedAt(path);
    }

    /** The trace's spans by name, once its root has ended (the root ends last). */
    private Map<String, SpanData> awaitTrace(String traceId) {
        await().atMost(Duration.ofSeconds(10)).until(() -> spans.getFinishedSpanItems().stream()
                .anyMatch(span -> span.getTraceId().equals(traceId) && span.getName().equals(SpanNames.RUN)));
        return spans.getFinishedSpanItems().stream().filter(span -> span.getTraceId().equals(traceId))
                .collect(Collectors.toMap(SpanData::getName, span -> span));
    }

    private List<String> storedTraceIds(TestTenant tenant, String runId) {
        Map<?, ?> run = http.get().uri("/api/v1/runs/{id}", runId).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) run.get("attempts")).stream().map(attempt -> (String) ((Map<?, ?>) attempt).get("traceId"))
                .toList();
    }
}
