package io.chronohook.batcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** The monthly execution quota: runs past it are held, visibly, and released when the plan allows more. */
class ExecutionQuotaTest extends ReceiverApiTest {

    @Test
    void runsPastTheQuotaAreHeldAndReleasedByAnUpgrade() {
        operatorPlan("cap3", 1, 1000, 1000, 3, 0);
        operatorPlan("cap10", 1, 1000, 1000, 10, 0);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "cap3").expectStatus().isOk();
        Instant due = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.MILLIS);
        List<String> jobs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            jobs.add(createAt(tenant, due, "/capped"));
        }

        // Two held at once; the three within the quota are delivered and recorded moments later.
        await().atMost(Duration.ofSeconds(20)).until(() -> states(tenant, jobs).stream()
                .filter("quota_exceeded"::equals).count() == 2);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(states(tenant, jobs)).containsOnly("succeeded", "quota_exceeded"));
        assertThat(states(tenant, jobs).stream().filter("quota_exceeded"::equals).count()).isEqualTo(2);
        assertThat(receiver.receivedAt("/capped")).hasSize(3);
        usage(tenant, 3, 2);
        String tenantTag = "{tenant=\"" + tenant.tenantId() + "\"}";
        assertThat(prometheus()).contains("chronohook_quota_held_runs_total" + tenantTag + " 2.0",
                "chronohook_fair_share_runs_total" + tenantTag + " 3.0");

        assignPlan(tenant.tenantId(), "cap10").expectStatus().isOk();

        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/capped").size() == 5);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(states(tenant, jobs)).containsOnly("succeeded"));
        assertThat(receiver.receivedAt("/capped").stream().map(r -> r.header("webhook-id")).distinct()).hasSize(5);
        usage(tenant, 5, 0);
    }

    @Test
    void anUpgradeReleasesOnlyWhatTheNewQuotaHasRoomFor() {
        operatorPlan("cap1", 1, 1000, 1000, 1, 0);
        operatorPlan("cap2", 1, 1000, 1000, 2, 0);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "cap1").expectStatus().isOk();
        Instant due = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.MILLIS);
        List<String> jobs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            jobs.add(createAt(tenant, due, "/room"));
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> states(tenant, jobs).stream()
                .filter("quota_exceeded"::equals).count() == 2);

        assignPlan(tenant.tenantId(), "cap2").expectStatus().isOk();

        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/room").size() == 2);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(states(tenant, jobs))
                .containsExactlyInAnyOrder("succeeded", "succeeded", "quota_exceeded"));
        usage(tenant, 2, 1);
    }

    @Test
    void aRetryOfARunAlreadyExecutedIsNeverHeld() {
        operatorPlan("cap1", 1, 1000, 1000, 1, 0);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "cap1").expectStatus().isOk();
        AtomicInteger calls = new AtomicInteger();
        receiver.script("/retried", r -> calls.incrementAndGet() == 1
                ? new TestReceiver.Reply(503, "busy") : new TestReceiver.Reply(200, "ok"));

        String job = createAt(tenant, Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.MILLIS), "/retried");

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(states(tenant, List.of(job))).containsExactly("succeeded"));
        assertThat(receiver.receivedAt("/retried")).hasSize(2);
        usage(tenant, 1, 0);
    }

    @Test
    void pausingAJobCancelsItsHeldRuns() {
        operatorPlan("cap1", 1, 1000, 1000, 1, 0);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "cap1").expectStatus().isOk();
        Map<?, ?> created = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "every second", "schedule", Map.of("type", "interval", "every", "PT1S"),
                        "target", Map.of("url", receiver.url("/paused"))))
                .exchange().expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
        String job = (String) created.get("id");
        await().atMost(Duration.ofSeconds(20)).until(() -> runStates(tenant, job).stream()
                .filter("quota_exceeded"::equals).count() >= 2);
        assertThat(receiver.receivedAt("/paused")).hasSize(1);

        http.post().uri("/api/v1/jobs/{id}/pause", job).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();

        assertThat(runStates(tenant, job)).doesNotContain("quota_exceeded", "scheduled").contains("cancelled")
                .containsOnlyOnce("succeeded");
    }

    private String createAt(TestTenant tenant, Instant at, String path) {
        Map<?, ?> body = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "quota", "schedule", Map.of("type", "at", "at", at.toString()),
                        "target", Map.of("url", receiver.url(path)),
                        "retry", Map.of("initialDelay", "PT1S", "maxDelay", "PT1S")))
                .exchange().expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
        return (String) body.get("id");
    }

    /** The state of each one-shot job's run, in the order of {@code jobs}; "none" before it is planned. */
    private List<String> states(TestTenant tenant, List<String> jobs) {
        List<String> states = new ArrayList<>();
        for (String job : jobs) {
            List<String> runs = runStates(tenant, job);
            states.add(runs.isEmpty() ? "none" : runs.getFirst());
        }
        return states;
    }

    private List<String> runStates(TestTenant tenant, String job) {
        Map<?, ?> page = http.get().uri("/api/v1/jobs/{id}/runs?limit=100", job)
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().map(run -> (String) ((Map<?, ?>) run).get("state")).toList();
    }

    private void usage(TestTenant tenant, int executions, int held) {
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> http.get().uri("/api/v1/usage")
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.executions").isEqualTo(executions)
                .jsonPath("$.capped").isEqualTo(true)
                .jsonPath("$.quotaExceededRuns").isEqualTo(held));
    }
}
