package io.chronohook.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore;
import io.chronohook.support.ApiTest.TestTenant;
import io.chronohook.support.ReceiverApiTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;

/**
 * Two runs of a job that may not overlap, taken by one claim with no run of the job in flight: only the first goes,
 * the other overlaps it (without this, one claim statement made both delivering at once).
 */
class OneJobsRunsTakenTogetherTest extends ReceiverApiTest {

    @Autowired
    RunStore runs;

    @Test
    void ofOneJobsRunsTakenTogetherOnlyTheFirstMayGo() {
        TestTenant tenant = signUp();
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "one at a time", "target", Map.of("url", receiver.url("/one")),
                        "schedule", Map.of("type", "at", "at", Instant.now().plus(Duration.ofDays(1)).toString()),
                        "overlapPolicy", "queue"))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        String jobId = (String) job.get("id");
        drainThisNode(true);
        try {
            RunId first = RunId.parse(trigger(tenant, jobId, 1)).orElseThrow();
            RunId second = RunId.parse(trigger(tenant, jobId, 1)).orElseThrow();
            RunId third = RunId.parse(trigger(tenant, jobId, 1)).orElseThrow();

            Map<RunId, RunStore.Overlap> overlapping = runs.overlapping(List.of(third, first, second)).block();

            assertThat(overlapping).containsOnlyKeys(second, third);
            assertThat(overlapping.get(second).policy()).isEqualTo("queue");
            // Taken alone, with nothing of its job in flight, a run may go.
            assertThat(runs.overlapping(List.of(third)).block()).isEmpty();
        } finally {
            drainThisNode(false);
        }
        // Undrained, the three are delivered one after the other.
        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/one").size() == 3);
    }
}
