package io.chronohook.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.standardwebhooks.Webhook;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/** The whole way of a run — API, planner, gate, dispatcher, outcome — against the real Postgres, Redis and a receiver. */
class DeliveryFlowTest extends ReceiverApiTest {

    @Autowired
    RedissonClient redis;

    @Autowired
    DatabaseClient db;

    @Test
    void aRunIsClaimedTheGatesLeadAheadOfItsTimeAndSentNoEarlierThanItIsDue() {
        TestTenant tenant = signUp();
        Map<?, ?> job = createJob(tenant, Map.of("type", "delay", "delay", "PT2S"), "/ahead", Map.of(), "{}");
        Instant scheduledFor = Instant.parse((String) ((Map<?, ?>) job.get("schedule")).get("at"));

        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/ahead").size() == 1);
        assertThat(receiver.receivedAt("/ahead").getFirst().at()).isAfterOrEqualTo(scheduledFor);
        Map<String, Object> run = await().atMost(Duration.ofSeconds(5)).until(() -> db.sql("""
                        select r.claimed_at, a.started_at from run r join attempt a on a.run_id = r.id
                         where r.job_id = :job
                        """).bind("job", storedId((String) job.get("id"))).fetch().one().block(),
                row -> row != null);
        // Claimed within the lead (250 ms by default) before the due time, the attempt started at it.
        assertThat(((OffsetDateTime) run.get("claimed_at")).toInstant()).isBefore(scheduledFor)
                .isAfter(scheduledFor.minusMillis(250).minusMillis(1));
        assertThat(((OffsetDateTime) run.get("started_at")).toInstant()).isAfterOrEqualTo(scheduledFor);
    }

    @Test
    void aDelayedJobArrivesOnTimeSignedWithTheRunIdAndSucceeds() throws Exception {
        TestTenant tenant = signUp();
        Map<?, ?> job = createJob(tenant, Map.of("type", "delay", "delay", "PT2S"), "/hook",
                Map.of("X-Team", "billing"), "{\"hello\":\"world\"}");
        Instant scheduledFor = Instant.parse((String) ((Map<?, ?>) job.get("schedule")).get("at"));

        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/hook").size() == 1);
        TestReceiver.Received callback = receiver.receivedAt("/hook").getFirst();

        assertThat(Duration.between(scheduledFor, callback.at())).isBetween(Duration.ofMillis(-50), Duration.ofSeconds(1));
        new Webhook(tenant.signingSecret()).verify(callback.body(), callback.headers());
        assertThat(callback.body()).isEqualTo("{\"hello\":\"world\"}");
        assertThat(callback.header("chronohook-job-id")).isEqualTo(job.get("id"));
        assertThat(callback.header("chronohook-attempt")).isEqualTo("1");
        assertThat(Instant.parse(callback.header("chronohook-scheduled-for"))).isEqualTo(scheduledFor);
        assertThat(callback.header("x-team")).isEqualTo("billing");
        assertThat(callback.header("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
        String runId = callback.header("webhook-id");
        assertThat(runId).startsWith("run_");

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> http.get().uri("/api/v1/runs/{id}", runId)
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.state").isEqualTo("succeeded")
                .jsonPath("$.attempt").isEqualTo(1)
                .jsonPath("$.jobId").isEqualTo(job.get("id"))
                .jsonPath("$.lastStatusCode").isEqualTo(200)
                .jsonPath("$.attempts.length()").isEqualTo(1)
                .jsonPath("$.attempts[0].statusCode").isEqualTo(200)
                .jsonPath("$.attempts[0].traceId").isEqualTo(callback.header("traceparent").substring(3, 35))
                .jsonPath("$.releasedAt").isNotEmpty()
                .jsonPath("$.firstAttemptAt").isNotEmpty()
                .jsonPath("$.finishedAt").isNotEmpty());
        // The job completes once its only run has finished (the job completer runs every second at most).
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> http.get().uri("/api/v1/jobs/{id}", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody()
                .jsonPath("$.state").isEqualTo("completed")
                .jsonPath("$.lastRun.id").isEqualTo(runId)
                .jsonPath("$.lastRun.state").isEqualTo("succeeded"));
    }

    @Test
    void aFailingReceiverEndsTheRunDeadWithTheStatusAndExcerpt() {
        TestTenant tenant = signUp();
        receiver.script("/broken", request -> new TestReceiver.Reply(400, "bad payload"));
        Map<?, ?> job = createJob(tenant, Map.of("type", "now"), "/broken", Map.of(), null);

        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(runs(tenant, job)).hasSize(1)
                .first().satisfies(run -> assertThat(run.get("state")).isEqualTo("dead")));
        String runId = (String) runs(tenant, job).getFirst().get("id");
        http.get().uri("/api/v1/runs/{id}", runId).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody()
                .jsonPath("$.lastStatusCode").isEqualTo(400)
                .jsonPath("$.attempts[0].responseExcerpt").isEqualTo("bad payload");
    }

    @Test
    void aCronJobFiresEverySecondWithOneRunPerOccurrence() {
        TestTenant tenant = signUp();
        Map<?, ?> job = createJob(tenant, Map.of("type", "cron", "cron", "* * * * * *"), "/tick", Map.of(), null);

        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/tick").size() >= 4);
        pause(tenant, job);

        List<String> ids = receiver.receivedAt("/tick").stream().map(r -> r.header("webhook-id")).toList();
        assertThat(ids).doesNotHaveDuplicates();
        List<Instant> scheduled = receiver.receivedAt("/tick").stream()
                .map(r -> Instant.parse(r.header("chronohook-scheduled-for"))).sorted().toList();
        for (int i = 1; i < scheduled.size(); i++) {
            assertThat(Duration.between(scheduled.get(i - 1), scheduled.get(i))).isEqualTo(Duration.ofSeconds(1));
        }
    }

    @Test
    void triggerRunsAJobNowAndAnIdempotencyKeyGivesTheSameRun() {
        TestTenant tenant = signUp();
        Map<?, ?> job = createJob(tenant, Map.of("type", "cron", "cron", "0 0 1 1 *"), "/manual", Map.of(), null);

        Map<?, ?> first = trigger(tenant, job, "t-1");
        Map<?, ?> again = trigger(tenant, job, "t-1");

        assertThat(again.get("id")).isEqualTo(first.get("id"));
        assertThat(first.get("trigger")).isEqualTo("manual");
        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.receivedAt("/manual").size() == 1);
        assertThat(receiver.receivedAt("/manual").getFirst().header("webhook-id")).isEqualTo(first.get("id"));
    }

    @Test
    void aCancelledRunIsNeverDelivered() throws Exception {
        TestTenant tenant = signUp();
        Map<?, ?> job = createJob(tenant, Map.of("type", "delay", "delay", "PT4S"), "/cancelled", Map.of(), null);
        await().atMost(Duration.ofSeconds(5)).until(() -> !runs(tenant, job).isEmpty());
        String runId = (String) runs(tenant, job).getFirst().get("id");

        http.post().uri("/api/v1/runs/{id}/cancel", runId).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.state").isEqualTo("cancelled");

        Thread.sleep(6000);
        assertThat(receiver.receivedAt("/cancelled")).isEmpty();
        http.post().uri("/api/v1/runs/{id}/cancel", runId).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isEqualTo(409);
    }

    @Test
    void runsPendingWhenRedisLosesItsDataAreStillDelivered() {
        TestTenant tenant = signUp();
        for (int i = 0; i < 20; i++) {
            createJob(tenant, Map.of("type", "delay", "delay", "PT4S"), "/flushed", Map.of(), null);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> redis.getKeys().count() > 0);

        redis.getKeys().flushdb();

        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.receivedAt("/flushed").size() >= 20);
        assertThat(receiver.receivedAt("/flushed").stream().map(r -> r.header("webhook-id")))
                .hasSize(20).doesNotHaveDuplicates();
    }

    private Map<?, ?> createJob(TestTenant tenant, Map<String, Object> schedule, String path,
                                Map<String, String> headers, String body) {
        Map<String, Object> target = new java.util.HashMap<>(Map.of("url", receiver.url(path), "headers", headers));
        if (body != null) {
            target.put("body", body);
        }
        return http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "flow", "schedule", schedule, "target", target))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
    }

    private List<Map<?, ?>> runs(TestTenant tenant, Map<?, ?> job) {
        Map<?, ?> page = http.get().uri("/api/v1/jobs/{id}/runs", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().<Map<?, ?>>map(item -> (Map<?, ?>) item).toList();
    }

    private Map<?, ?> trigger(TestTenant tenant, Map<?, ?> job, String key) {
        return http.post().uri("/api/v1/jobs/{id}/trigger", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey()).header("Idempotency-Key", key)
                .exchange().expectStatus().isAccepted().expectBody(Map.class).returnResult().getResponseBody();
    }

    private void pause(TestTenant tenant, Map<?, ?> job) {
        http.post().uri("/api/v1/jobs/{id}/pause", job.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();
    }
}
