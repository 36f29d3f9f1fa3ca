package io.chronohook.outcome;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.standardwebhooks.Webhook;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.NewRun;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import io.chronohook.support.TestReceiver.Reply;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;

/** Circuit breakers, dead-letter replay, pause and overlap guarantees, against a scripted receiver. */
class RecoveryTest extends ReceiverApiTest {

    @Autowired
    RunStore runStore;

    @Autowired
    TimeGate gate;

    private TestTenant tenant;

    @BeforeEach
    void start() {
        tenant = signUp();
    }

    @Test
    void anOpenCircuitStopsSpendingAttemptsAndEveryRunIsDeliveredOnceTheHostRecovers() throws Exception {
        AtomicBoolean down = new AtomicBoolean(true);
        receiver.script("/flaky-host", r -> down.get() ? new Reply(503, "down") : new Reply(200, "ok"));
        List<Map<String, Object>> jobs = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            jobs.add(Map.of("name", "cb-" + i, "schedule", Map.of("type", "now"),
                    "target", Map.of("url", receiver.url("/flaky-host")),
                    "retry", Map.of("maxAttempts", 20, "initialDelay", "PT1S", "maxDelay", "PT2S")));
        }
        Map<?, ?> created = http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", jobs))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(endpointState()).isEqualTo("open"));
        Thread.sleep(6000);
        // 50 runs failing for ~7 s with 1-2 s backoff would make ~200 attempts without a breaker.
        int whileDown = receiver.receivedAt("/flaky-host").size();
        assertThat(whileDown).isLessThan(100);

        // Each run held back says why, for which host and until when: the breaker's half-open time (open-for is
        // 2 s here, plus at most 1 s of jitter) — so a run held back late in the window waits less than a window.
        List<Map<?, ?>> deferrals = ((List<?>) created.get("items")).stream()
                .map(job -> (String) ((Map<?, ?>) job).get("id"))
                .flatMap(jobId -> runsOf(jobId).stream())
                .<Map<?, ?>>map(run -> (Map<?, ?>) run.get("deferral"))
                .filter(deferral -> deferral != null)
                .toList();
        assertThat(deferrals).isNotEmpty();
        List<Long> waits = new ArrayList<>();
        for (Map<?, ?> deferral : deferrals) {
            assertThat(deferral.get("reason")).isEqualTo("circuit_open");
            assertThat((String) deferral.get("host")).startsWith("127.0.0.1:");
            assertThat((Integer) deferral.get("count")).isPositive();
            waits.add(Duration.between(Instant.parse((String) deferral.get("at")),
                    Instant.parse((String) deferral.get("until"))).toMillis());
        }
        assertThat(waits).allSatisfy(wait -> assertThat(wait).isBetween(0L, 3000L));
        assertThat(waits.stream().mapToLong(Long::longValue).min().orElseThrow())
                .as("some run was held back late in the open window").isLessThan(2000L);

        down.set(false);
        await().atMost(Duration.ofSeconds(30)).until(() -> distinctIds("/flaky-host", 200) == 50);
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(endpointState()).isEqualTo("closed"));
    }

    @Test
    void bulkReplayDeliversDeadRunsWithTheirIdsSignedWithTheCurrentSecret() {
        AtomicBoolean broken = new AtomicBoolean(true);
        receiver.script("/replay", r -> broken.get() ? new Reply(422, "schema mismatch") : new Reply(200, "ok"));
        Instant from = Instant.now().minusSeconds(1);
        List<Map<String, Object>> jobs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            jobs.add(Map.of("name", "replay-" + i, "schedule", Map.of("type", "now"),
                    "target", Map.of("url", receiver.url("/replay"), "body", "{\"n\":" + i + "}")));
        }
        http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", jobs))
                .exchange().expectStatus().isCreated();
        await().atMost(Duration.ofSeconds(20)).until(() -> deadCount() == 100);
        Set<String> deadIds = receiver.receivedAt("/replay").stream().map(r -> r.header("webhook-id"))
                .collect(Collectors.toSet());
        Map<?, ?> rotated = http.post().uri("/api/v1/signing-secret/rotate")
                .header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("gracePeriod", "PT0S"))
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        String currentSecret = (String) rotated.get("secret");
        broken.set(false);

        Map<?, ?> replay = http.post().uri("/api/v1/dead-letters/replay")
                .header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("from", from.toString()))
                .exchange().expectStatus().isAccepted().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(replay.get("total")).isEqualTo(100);
        assertThat((String) replay.get("id")).startsWith("rpl_");

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> http.get()
                .uri("/api/v1/dead-letters/replays/{id}", replay.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.state").isEqualTo("done").jsonPath("$.replayed").isEqualTo(100));
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.receivedAt("/replay").size() == 200);
        List<TestReceiver.Received> replayed = receiver.receivedAt("/replay").subList(100, 200);
        assertThat(replayed.stream().map(r -> r.header("webhook-id")).collect(Collectors.toSet())).isEqualTo(deadIds);
        for (TestReceiver.Received callback : replayed) {
            assertThat(callback.header("webhook-signature").split(" ")).hasSize(1);
            assertThatVerifies(currentSecret, callback);
        }
        assertThat(deadCount()).isZero();
    }

    @Test
    void pausingAJobWithAThousandPlannedRunsTakesThemBackAndTheReceiverNeverSeesThem() throws Exception {
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "to-pause", "schedule", Map.of("type", "cron", "cron", "0 0 1 1 *"),
                        "target", Map.of("url", receiver.url("/paused"))))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        TenantId tenantId = TenantId.parse(tenant.tenantId()).orElseThrow();
        JobId jobId = JobId.parse((String) job.get("id")).orElseThrow();
        Instant due = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
        List<NewRun> due1000 = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            Instant at = due.plusMillis(i);
            due1000.add(new NewRun(new RunId(Uuid7.next(Clock.systemUTC())), tenantId, jobId, at, at,
                    RunState.SCHEDULED, "schedule", null));
        }
        List<RunStore.GateEntry> offered = runStore.insertAll(due1000, Instant.now()).collectList().block();
        gate.offer(offered).block();

        http.post().uri("/api/v1/jobs/{id}/pause", job.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.state").isEqualTo("paused");

        Thread.sleep(6000);
        assertThat(receiver.receivedAt("/paused")).isEmpty();
        // Planned ahead and never released, they are taken back (resuming plans them again), not listed cancelled.
        http.get().uri("/api/v1/jobs/{id}/runs?limit=200", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    @Test
    void anOverlappingOccurrenceIsSkippedWithReasonOverlap() {
        Map<?, ?> job = slowEverySecond("/slow", Duration.ofMillis(2500), "skip");

        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> http.get()
                .uri("/api/v1/jobs/{id}/runs?state=skipped", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody()
                .jsonPath("$.items[0].skipReason").isEqualTo("overlap"));
        http.post().uri("/api/v1/jobs/{id}/pause", job.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();
        // Never two requests of this job at the receiver at once.
        assertSpacedBy("/slow", Duration.ofMillis(2000));
    }

    @Test
    void anOverlappingOccurrenceWaitsForTheRunInFlightWithPolicyQueue() {
        Map<?, ?> job = slowEverySecond("/queued", Duration.ofMillis(1500), "queue");

        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/queued").size() >= 3);
        http.post().uri("/api/v1/jobs/{id}/pause", job.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();
        // Occurrences come every second and each call takes 1.5 s: each waits for the one before to be answered,
        // none is skipped.
        assertSpacedBy("/queued", Duration.ofMillis(1400));
        http.get().uri("/api/v1/jobs/{id}/runs?state=skipped", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    /** An every-second cron job with {@code overlapPolicy}; the receiver at {@code path} waits {@code reply}. */
    private Map<?, ?> slowEverySecond(String path, Duration reply, String overlapPolicy) {
        receiver.script(path, r -> new Reply(200, "done", Map.of(), reply));
        Map<String, Object> body = new HashMap<>(Map.of("name", "overlap " + overlapPolicy,
                "schedule", Map.of("type", "cron", "cron", "* * * * * *"),
                "target", Map.of("url", receiver.url(path)), "overlapPolicy", overlapPolicy, "timeout", "PT10S"));
        return http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
    }

    /** Each request at {@code path} came more than {@code gap} after the one before. */
    private void assertSpacedBy(String path, Duration gap) {
        List<TestReceiver.Received> got = receiver.receivedAt(path);
        for (int i = 1; i < got.size(); i++) {
            assertThat(Duration.between(got.get(i - 1).at(), got.get(i).at())).isGreaterThan(gap);
        }
    }

    private static void assertThatVerifies(String secret, TestReceiver.Received callback) {
        try {
            new Webhook(secret).verify(callback.body(), callback.headers());
        } catch (Exception e) {
            throw new AssertionError("signature does not verify with the current secret", e);
        }
    }

    private String endpointState() {
        Map<?, ?> page = http.get().uri("/api/v1/endpoints").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().map(item -> (Map<?, ?>) item)
                .filter(item -> ((String) item.get("host")).startsWith("127.0.0.1:"))
                .map(item -> (String) item.get("circuitState")).findFirst().orElse("none");
    }

    private List<Map<?, ?>> runsOf(String jobId) {
        Map<?, ?> page = http.get().uri("/api/v1/jobs/{id}/runs", jobId)
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().<Map<?, ?>>map(run -> (Map<?, ?>) run).toList();
    }

    private long distinctIds(String path, int status) {
        return receiver.receivedAt(path).stream().map(r -> r.header("webhook-id")).distinct().count();
    }

    private int deadCount() {
        Map<?, ?> page = http.get().uri("/api/v1/dead-letters?limit=200")
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).size();
    }
}
