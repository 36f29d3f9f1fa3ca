package io.chronohook.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import io.chronohook.support.TestReceiver.Reply;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** Outcome classification and retries, against a scripted receiver. */
class FailureHandlingTest extends ReceiverApiTest {

    private TestTenant tenant;

    @BeforeEach
    void start() {
        tenant = signUp();
    }

    @Test
    void twoServerErrorsThenSuccessTakeThreeAttemptsWithJitteredGaps() {
        AtomicInteger calls = new AtomicInteger();
        receiver.script("/flaky", r -> calls.incrementAndGet() <= 2 ? new Reply(500, "oops") : new Reply(200, "ok"));
        Map<?, ?> job = job("/flaky", Map.of("type", "now"), Map.of(), "PT1S", "PT2S", 5);

        Map<?, ?> run = awaitRunState(job, "succeeded", 20);

        List<TestReceiver.Received> got = receiver.receivedAt("/flaky");
        assertThat(got).hasSize(3);
        assertThat(got.stream().map(r -> r.header("webhook-id")).distinct()).containsExactly((String) run.get("id"));
        assertThat(got.stream().map(r -> r.header("chronohook-attempt"))).containsExactly("1", "2", "3");
        assertThat(run.get("attempt")).isEqualTo(3);
        // initialDelay 1 s, maxDelay 2 s: each gap is drawn from [1 s, 2 s], plus dispatch slack.
        for (int i = 1; i < got.size(); i++) {
            assertThat(Duration.between(got.get(i - 1).at(), got.get(i).at()))
                    .isBetween(Duration.ofMillis(950), Duration.ofMillis(2600));
        }
    }

    @Test
    void aClientErrorIsDeadAfterOneAttemptAndListedInTheDeadLetters() {
        receiver.script("/bad", r -> new Reply(400, "no such customer"));
        Map<?, ?> job = job("/bad", Map.of("type", "now"), Map.of("name", "invoice-sync"), "PT1S", "PT2S", 5);

        Map<?, ?> run = awaitRunState(job, "dead", 15);

        assertThat(receiver.receivedAt("/bad")).hasSize(1);
        http.get().uri("/api/v1/dead-letters?jobId={id}", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.items.length()").isEqualTo(1)
                .jsonPath("$.items[0].id").isEqualTo(run.get("id"))
                .jsonPath("$.items[0].jobName").isEqualTo("invoice-sync")
                .jsonPath("$.items[0].lastStatusCode").isEqualTo(400)
                .jsonPath("$.items[0].lastError").isEqualTo("the receiver answered HTTP 400");
    }

    @Test
    void retryAfterIsHonoured() {
        AtomicInteger calls = new AtomicInteger();
        receiver.script("/busy", r -> calls.incrementAndGet() == 1
                ? new Reply(429, "slow down", Map.of("Retry-After", "3"), Duration.ZERO) : new Reply(200, "ok"));
        Map<?, ?> job = job("/busy", Map.of("type", "now"), Map.of(), "PT1S", "PT1M", 5);

        awaitRunState(job, "succeeded", 20);

        List<TestReceiver.Received> got = receiver.receivedAt("/busy");
        assertThat(got).hasSize(2);
        assertThat(Duration.between(got.get(0).at(), got.get(1).at())).isGreaterThanOrEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void theReceiversNoRetrySignalStopsRetries() {
        receiver.script("/stop", r -> new Reply(503, "gone fishing", Map.of("Chronohook-No-Retry", "true"),
                Duration.ZERO));
        Map<?, ?> job = job("/stop", Map.of("type", "now"), Map.of(), "PT1S", "PT2S", 5);

        Map<?, ?> run = awaitRunState(job, "dead", 15);

        assertThat(run.get("attempt")).isEqualTo(1);
        assertThat(receiver.receivedAt("/stop")).hasSize(1);
    }

    @Test
    void goneOnAnIntervalJobPausesTheJobWithTheReason() throws Exception {
        receiver.script("/gone", r -> new Reply(410, "unsubscribed"));
        Map<?, ?> job = job("/gone", Map.of("type", "interval", "every", "PT1S"), Map.of(), "PT1S", "PT2S", 5);

        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> http.get().uri("/api/v1/jobs/{id}", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody()
                .jsonPath("$.state").isEqualTo("paused")
                .jsonPath("$.pausedReason").value(reason -> assertThat((String) reason).contains("410 Gone")));
        int calls = receiver.receivedAt("/gone").size();
        Thread.sleep(3000);
        assertThat(receiver.receivedAt("/gone")).hasSize(calls);
        assertThat(calls).isLessThanOrEqualTo(2);
        http.get().uri("/api/v1/audit").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.items[0].action").isEqualTo("job.auto_paused")
                .jsonPath("$.items[0].actor.type").isEqualTo("system");
    }

    @Test
    void aTimeoutIsRetried() {
        AtomicInteger calls = new AtomicInteger();
        receiver.script("/slow", r -> calls.incrementAndGet() == 1
                ? new Reply(200, "late", Map.of(), Duration.ofSeconds(3)) : new Reply(200, "ok"));
        Map<String, Object> body = jobBody("/slow", Map.of("type", "now"), "PT1S", "PT2S", 5);
        body.put("timeout", "PT1S");
        Map<?, ?> job = create(body);

        Map<?, ?> run = awaitRunState(job, "succeeded", 20);

        assertThat(run.get("attempt")).isEqualTo(2);
        Map<?, ?> detail = http.get().uri("/api/v1/runs/{id}", run.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody(Map.class).returnResult().getResponseBody();
        Map<?, ?> first = (Map<?, ?>) ((List<?>) detail.get("attempts")).getFirst();
        assertThat(first.get("outcome")).isEqualTo("failed");
        assertThat((String) first.get("error")).isNotBlank();
    }

    @Test
    void aTargetNameThatDoesNotResolveAtSendTimeIsAFailedRetriedAttemptWithAClearError() {
        // .invalid never resolves (RFC 2606): the job is accepted, and each attempt fails at the name lookup.
        Map<String, Object> body = jobBody("/unused", Map.of("type", "now"), "PT1S", "PT1S", 2);
        body.put("target", Map.of("url", "https://hooks.not-registered-yet.invalid/hook"));
        Map<?, ?> job = create(body);

        Map<?, ?> run = awaitRunState(job, "dead", 20);

        assertThat(run.get("attempt")).isEqualTo(2);
        Map<?, ?> detail = http.get().uri("/api/v1/runs/{id}", run.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody(Map.class).returnResult().getResponseBody();
        List<?> attempts = (List<?>) detail.get("attempts");
        assertThat(attempts).hasSize(2);
        for (Object attempt : attempts) {
            assertThat(((Map<?, ?>) attempt).get("outcome")).isEqualTo("failed");
            assertThat((String) ((Map<?, ?>) attempt).get("error")).contains("hooks.not-registered-yet.invalid");
        }
    }

    @Test
    void atMostOnceIsNotRetriedOnceTheRequestMayHaveArrived() {
        receiver.script("/once", r -> new Reply(500, "crashed midway"));
        Map<String, Object> body = jobBody("/once", Map.of("type", "now"), "PT1S", "PT2S", 5);
        body.put("deliverySemantics", "at_most_once");
        Map<?, ?> job = create(body);

        Map<?, ?> run = awaitRunState(job, "dead", 15);

        assertThat(run.get("attempt")).isEqualTo(1);
        assertThat(receiver.receivedAt("/once")).hasSize(1);
    }

    Map<String, Object> jobBody(String path, Map<String, Object> schedule, String initial, String max,
                                int attempts) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "failure");
        body.put("schedule", schedule);
        body.put("target", Map.of("url", receiver.url(path)));
        body.put("retry", Map.of("maxAttempts", attempts, "initialDelay", initial, "maxDelay", max));
        return body;
    }

    private Map<?, ?> job(String path, Map<String, Object> schedule, Map<String, Object> extra, String initial,
                          String max, int attempts) {
        Map<String, Object> body = jobBody(path, schedule, initial, max, attempts);
        body.putAll(extra);
        return create(body);
    }

    Map<?, ?> create(Map<String, Object> body) {
        return http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
    }

    Map<?, ?> awaitRunState(Map<?, ?> job, String state, int seconds) {
        await().atMost(Duration.ofSeconds(seconds)).until(() -> {
            List<?> items = runs(job);
            return !items.isEmpty() && state.equals(((Map<?, ?>) items.getFirst()).get("state"));
        });
        return (Map<?, ?>) runs(job).getFirst();
    }

    List<?> runs(Map<?, ?> job) {
        Map<?, ?> page = http.get().uri("/api/v1/jobs/{id}/runs", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return (List<?>) page.get("items");
    }
}
