package io.chronohook.support;

import static org.awaitility.Awaitility.await;

import io.chronohook.node.LocalNode;
import io.chronohook.platform.PrefixedIds;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;

/** An API test with a fresh webhook receiver per test (started before it, closed after it). */
public abstract class ReceiverApiTest extends ApiTest {

    protected TestReceiver receiver;

    @Autowired
    protected LocalNode thisNode;

    @BeforeEach
    void startReceiver() {
        receiver = new TestReceiver();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }

    /** A one-shot job a day ahead aimed at the receiver's {@code path}, so that only triggered runs happen. */
    protected String standbyJob(TestTenant tenant, String path, Map<String, Object> retry) {
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "standby", "target", Map.of("url", receiver.url(path)),
                        "schedule", Map.of("type", "at", "at", Instant.now().plus(Duration.ofDays(1)).toString()),
                        "retry", retry))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        return (String) job.get("id");
    }

    /** Triggers {@code times} runs of the job, due now; returns the last one's id. */
    protected String trigger(TestTenant tenant, String jobId, int times) {
        String runId = null;
        for (int i = 0; i < times; i++) {
            Map<?, ?> run = http.post().uri("/api/v1/jobs/{id}/trigger", jobId)
                    .header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange().expectStatus().isAccepted().expectBody(Map.class).returnResult().getResponseBody();
            runId = (String) run.get("id");
        }
        return runId;
    }

    /** Waits (up to 20 s) until the job has exactly {@code count} runs in {@code state}. */
    protected void awaitRuns(TestTenant tenant, String jobId, String state, int count) {
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            Map<?, ?> page = http.get().uri("/api/v1/jobs/{id}/runs?state={state}", jobId, state)
                    .header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
            return ((List<?>) page.get("items")).size() == count;
        });
    }

    /** Sends the tenant's alerts to the receiver's {@code path}, with {@code settings} over the defaults. */
    protected void alertsTo(TestTenant tenant, String path, Map<String, Object> settings) {
        Map<String, Object> body = new HashMap<>(settings);
        body.put("url", receiver.url(path));
        http.put().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isOk();
    }

    /**
     * Drains this instance (it claims nothing, and says so: the call returns once it is drained) or takes it back into
     * service. A request an earlier test left with a receiver that answers late (up to 20 s, and an alert's 10 s
     * timeout) holds the drain until it ends.
     */
    protected void drainThisNode(boolean drain) {
        String id = PrefixedIds.format("node_", thisNode.id().value());
        http.post().uri("/api/v1/operator/nodes/{id}/" + (drain ? "drain" : "undrain"), id)
                .header("Authorization", OPERATOR).exchange().expectStatus().isOk();
        if (drain) {
            try {
                await().atMost(Duration.ofSeconds(30)).until(() -> "drained".equals(http.get()
                        .uri("/api/v1/operator/nodes/{id}", id).header("Authorization", OPERATOR).exchange()
                        .expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody().get("state")));
            } catch (RuntimeException | AssertionError notDrained) {
                // Back into service, so that the tests after this one still have an instance that delivers.
                drainThisNode(false);
                throw notDrained;
            }
        }
    }
}
