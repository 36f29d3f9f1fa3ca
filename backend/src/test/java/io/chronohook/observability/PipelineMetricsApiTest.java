package io.chronohook.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver.Reply;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;

/** The pipeline's meters on /actuator/prometheus, moved by real deliveries. */
class PipelineMetricsApiTest extends ReceiverApiTest {

    @Autowired
    QueueDepthSampler queueDepths;

    @Test
    void prometheusShowsEveryPipelineMeterUnderTheChronohookPrefix() {
        String text = prometheus();

        assertThat(text).contains(
                "chronohook_fire_lag_seconds_bucket{le=\"0.25\"}",
                "chronohook_scheduling_lag_seconds_bucket{le=\"1.0\"}",
                "chronohook_start_lag_seconds_count",
                "chronohook_retries_total",
                "chronohook_dead_lettered_total",
                "chronohook_dlq_size_runs",
                "chronohook_gate_depth_runs",
                "chronohook_ready_depth_runs",
                "chronohook_dispatch_in_flight",
                "chronohook_dispatch_queued",
                "chronohook_dispatch_pace",
                "chronohook_circuit_breakers{state=\"closed\"}",
                "chronohook_circuit_breakers{state=\"open\"}",
                "chronohook_circuit_breakers{state=\"half_open\"}",
                "chronohook_bucket_rejections_total",
                "chronohook_planner_round_seconds_count",
                "chronohook_dispatch_claim_batch_runs_count",
                "chronohook_outcome_batch_attempts_count");
    }

    @Test
    void deliveriesRetriesDeadLettersAndLagsAreCountedAsRunsGoThroughThePipeline() {
        TestTenant tenant = signUp();
        receiver.script("/ok", request -> new Reply(200, "ok"));
        receiver.script("/down", request -> new Reply(503, "down"));
        String ok = standbyJob(tenant, "/ok", Map.of("maxAttempts", 1));
        String down = standbyJob(tenant, "/down", Map.of("maxAttempts", 2, "initialDelay", "PT1S", "maxDelay", "PT1S"));
        String before = prometheus();

        trigger(tenant, ok, 3);
        trigger(tenant, down, 1);
        String planned = (String) http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "planned", "schedule", Map.of("type", "delay", "delay", "PT1S"),
                        "target", Map.of("url", receiver.url("/ok"))))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody()
                .get("id");
        awaitRuns(tenant, ok, "succeeded", 3);
        awaitRuns(tenant, planned, "succeeded", 1);
        awaitRuns(tenant, down, "dead", 1);
        queueDepths.runOnce().block();

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            String after = prometheus();
            assertThat(value(after, "chronohook_deliveries_total{outcome=\"delivered\"}")
                    - value(before, "chronohook_deliveries_total{outcome=\"delivered\"}")).isGreaterThanOrEqualTo(4);
            assertThat(value(after, "chronohook_deliveries_total{outcome=\"rejected\"}")
                    - value(before, "chronohook_deliveries_total{outcome=\"rejected\"}")).isGreaterThanOrEqualTo(2);
            assertThat(value(after, "chronohook_retries_total") - value(before, "chronohook_retries_total"))
                    .isGreaterThanOrEqualTo(1);
            assertThat(value(after, "chronohook_dead_lettered_total") - value(before, "chronohook_dead_lettered_total"))
                    .isGreaterThanOrEqualTo(1);
            assertThat(value(after, "chronohook_attempt_latency_seconds_count{outcome=\"delivered\"}")
                    - value(before, "chronohook_attempt_latency_seconds_count{outcome=\"delivered\"}"))
                    .isGreaterThanOrEqualTo(4);
            assertThat(value(after, "chronohook_fire_lag_seconds_count")
                    - value(before, "chronohook_fire_lag_seconds_count")).isGreaterThanOrEqualTo(5);
            assertThat(value(after, "chronohook_start_lag_seconds_count")
                    - value(before, "chronohook_start_lag_seconds_count")).isGreaterThanOrEqualTo(6);
            assertThat(value(after, "chronohook_scheduling_lag_seconds_count")
                    - value(before, "chronohook_scheduling_lag_seconds_count")).isGreaterThanOrEqualTo(5);
            assertThat(value(after, "chronohook_dlq_size_runs")).isGreaterThanOrEqualTo(1);
            assertThat(value(after, "chronohook_planner_batch_size_jobs_count")
                    - value(before, "chronohook_planner_batch_size_jobs_count")).isGreaterThanOrEqualTo(1);
        });
    }

    /** The value of the series whose line starts with {@code series}; 0 when it is not there yet. */
    private static double value(String text, String series) {
        Matcher matcher = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE).matcher(text);
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
    }
}
