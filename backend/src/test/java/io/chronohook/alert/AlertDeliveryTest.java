package io.chronohook.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.standardwebhooks.Webhook;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Alerts end to end on the running pipeline: a receiver that fails, refuses or is never reached gives its tenant's
 * alert webhook one signed alert per event, verified with the Standard Webhooks library.
 */
class AlertDeliveryTest extends ReceiverApiTest {

    @Autowired
    AlertDetector detector;

    @Autowired
    DatabaseClient db;

    @Autowired
    JsonMapper json;

    @Test
    void aRunDeadAfterItsRetriesGivesExactlyOneSignedDeadLetteredAlert() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of());
        receiver.script("/always-fails", request -> new TestReceiver.Reply(503, "down"));
        String jobId = standbyJob(tenant, "/always-fails", Map.of("maxAttempts", 3, "initialDelay", "PT1S",
                "maxDelay", "PT1S"));

        String runId = trigger(tenant, jobId, 1);
        awaitRuns(tenant, jobId, "dead", 1);
        await().atMost(Duration.ofSeconds(15)).until(() -> !receiver.receivedAt("/alerts").isEmpty());
        Thread.sleep(3000);

        assertThat(receiver.receivedAt("/always-fails")).hasSize(3);
        List<TestReceiver.Received> alerts = receiver.receivedAt("/alerts");
        assertThat(alerts).hasSize(1);
        TestReceiver.Received alert = alerts.getFirst();
        new Webhook(tenant.signingSecret()).verify(alert.body(), alert.headers());
        Map<?, ?> payload = json.readValue(alert.body(), Map.class);
        assertThat(payload.get("type")).isEqualTo("run.dead_lettered");
        assertThat(payload.get("id")).isEqualTo(alert.header("webhook-id"));
        assertThat(payload.get("tenantId")).isEqualTo(tenant.tenantId());
        assertThat(payload.get("suppressed")).isEqualTo(0);
        Map<?, ?> data = (Map<?, ?>) payload.get("data");
        assertThat(data.get("runId")).isEqualTo(runId);
        assertThat(data.get("jobId")).isEqualTo(jobId);
        assertThat(data.get("jobName")).isEqualTo("standby");
        assertThat(data.get("attempts")).isEqualTo(3);
        assertThat(data.get("lastStatusCode")).isEqualTo(503);
        assertThat(alert.header("chronohook-job-id")).isEqualTo(jobId);
        assertThat(alert.header("content-type")).startsWith("application/json");

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(alerts(tenant)).singleElement()
                .satisfies(listed -> {
                    assertThat(listed.get("id")).isEqualTo(payload.get("id"));
                    assertThat(listed.get("state")).isEqualTo("delivered");
                    assertThat(listed.get("lastStatusCode")).isEqualTo(200);
                }));
    }

    @Test
    void aDeadRunHeardTwiceAsIfByTwoInstancesRaisesOneAlert() {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("events", List.of("run.dead_lettered")));
        receiver.script("/refuses", request -> new TestReceiver.Reply(400, "no"));
        String jobId = standbyJob(tenant, "/refuses", Map.of("maxAttempts", 1));
        String runId = trigger(tenant, jobId, 1);
        awaitRuns(tenant, jobId, "dead", 1);
        await().atMost(Duration.ofSeconds(10)).until(() -> alerts(tenant).size() == 1);

        FinishedAttempt again = new FinishedAttempt(RunId.parse(runId).orElseThrow(), null, null, 1, RunState.DEAD,
                null, true, Instant.now(), null, Instant.now(), 400, 1, "rejected", "http_400", "no", null, null,
                null, false);
        detector.recorded(List.of(again, again)).block();
        detector.recorded(List.of(again)).block();

        assertThat(alerts(tenant)).hasSize(1);
        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.receivedAt("/alerts").size() == 1);
    }

    @Test
    void aRunWhoseLastAttemptWasLostWithItsInstanceAlertsWhenTheLeaseRescuerEndsItDead() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("events", List.of("run.dead_lettered")));
        receiver.script("/hangs", request -> new TestReceiver.Reply(200, "late", Map.of(), Duration.ofSeconds(20)));
        String jobId = standbyJob(tenant, "/hangs", Map.of("maxAttempts", 1));
        String runId = trigger(tenant, jobId, 1);
        awaitRuns(tenant, jobId, "delivering", 1);

        // As if its instance had died mid-attempt: the lease runs out and the rescuer (every 5 s) ends the run.
        db.sql("update run set lease_until = now() - interval '1 second' where id = :id")
                .bind("id", uuid(runId)).fetch().rowsUpdated().block();
        awaitRuns(tenant, jobId, "dead", 1);

        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/alerts").size() == 1);
        TestReceiver.Received alert = receiver.receivedAt("/alerts").getFirst();
        new Webhook(tenant.signingSecret()).verify(alert.body(), alert.headers());
        Map<?, ?> payload = json.readValue(alert.body(), Map.class);
        assertThat(payload.get("type")).isEqualTo("run.dead_lettered");
        assertThat(((Map<?, ?>) payload.get("data")).get("runId")).isEqualTo(runId);
        assertThat(alerts(tenant)).hasSize(1);
    }

    @Test
    void aFailingStreakAlertsOnceAtTheThresholdAndRepeatsAreSuppressedInTheCooldown() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("failingThreshold", 3, "events", List.of("job.failing")));
        receiver.script("/failing", request -> new TestReceiver.Reply(500, "broken"));
        String jobId = standbyJob(tenant, "/failing", Map.of("maxAttempts", 1));

        trigger(tenant, jobId, 2);
        awaitRuns(tenant, jobId, "dead", 2);
        Thread.sleep(2000);
        assertThat(receiver.receivedAt("/alerts")).isEmpty();

        trigger(tenant, jobId, 1);
        awaitRuns(tenant, jobId, "dead", 3);
        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.receivedAt("/alerts").size() == 1);
        Map<?, ?> payload = json.readValue(receiver.receivedAt("/alerts").getFirst().body(), Map.class);
        assertThat(payload.get("type")).isEqualTo("job.failing");
        assertThat(((Map<?, ?>) payload.get("data")).get("failedRuns")).isEqualTo(3);
        assertThat(((Map<?, ?>) payload.get("data")).get("jobId")).isEqualTo(jobId);

        trigger(tenant, jobId, 2);
        awaitRuns(tenant, jobId, "dead", 5);
        await().atMost(Duration.ofSeconds(10)).until(() -> alerts(tenant).stream()
                .filter(alert -> "suppressed".equals(alert.get("state"))).count() == 2);
        Thread.sleep(2000);
        assertThat(receiver.receivedAt("/alerts")).hasSize(1);
    }

    @Test
    void aSuccessBreaksTheStreak() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("failingThreshold", 3, "events", List.of("job.failing")));
        AtomicInteger status = new AtomicInteger(500);
        receiver.script("/flaky", request -> new TestReceiver.Reply(status.get(), "as told"));
        String jobId = standbyJob(tenant, "/flaky", Map.of("maxAttempts", 1));

        trigger(tenant, jobId, 2);
        awaitRuns(tenant, jobId, "dead", 2);
        status.set(200);
        trigger(tenant, jobId, 1);
        awaitRuns(tenant, jobId, "succeeded", 1);
        status.set(500);
        trigger(tenant, jobId, 2);
        awaitRuns(tenant, jobId, "dead", 4);
        Thread.sleep(3000);

        assertThat(alerts(tenant)).isEmpty();
        assertThat(receiver.receivedAt("/alerts")).isEmpty();
    }

    @Test
    void goneAlertsThatTheJobWasPaused() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("events", List.of("job.auto_paused")));
        receiver.script("/gone", request -> new TestReceiver.Reply(410, "unsubscribed"));
        String jobId = standbyJob(tenant, "/gone", Map.of());

        String runId = trigger(tenant, jobId, 1);

        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/alerts").size() == 1);
        TestReceiver.Received alert = receiver.receivedAt("/alerts").getFirst();
        new Webhook(tenant.signingSecret()).verify(alert.body(), alert.headers());
        Map<?, ?> payload = json.readValue(alert.body(), Map.class);
        Map<?, ?> data = (Map<?, ?>) payload.get("data");
        assertThat(payload.get("type")).isEqualTo("job.auto_paused");
        assertThat(data.get("jobId")).isEqualTo(jobId);
        assertThat(data.get("runId")).isEqualTo(runId);
        assertThat(data.get("statusCode")).isEqualTo(410);
        assertThat((String) data.get("reason")).contains("410 Gone");
        http.get().uri("/api/v1/jobs/{id}", jobId).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.state").isEqualTo("paused");
    }

    @Test
    void aRunNotStartedWithinTheWindowRaisesAMissedWindowAlert() {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("missedWindowAfter", "PT10S", "events", List.of("run.missed_window")));
        String jobId = standbyJob(tenant, "/late", Map.of());
        Instant now = Instant.now();
        UUID runId = Uuid7.next(Clock.systemUTC());
        // A run due 8 s ago that no gate holds: nothing starts it before its 10 s window closes.
        db.sql("""
                insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, created_at, updated_at)
                values (:id, :tenantId, :jobId, :due, :due, 'scheduled', :now, :now)
                """)
                .bind("id", runId).bind("tenantId", uuid(tenant.tenantId())).bind("jobId", uuid(jobId))
                .bind("due", now.minusSeconds(8).atOffset(ZoneOffset.UTC)).bind("now", now.atOffset(ZoneOffset.UTC))
                .then().block();

        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/alerts").size() == 1);
        Map<?, ?> payload = json.readValue(receiver.receivedAt("/alerts").getFirst().body(), Map.class);
        Map<?, ?> data = (Map<?, ?>) payload.get("data");
        assertThat(payload.get("type")).isEqualTo("run.missed_window");
        assertThat(data.get("runId")).isEqualTo("run_" + runId.toString().replace("-", ""));
        assertThat(data.get("reason")).isEqualTo("not_started");
        assertThat(data.get("missedWindowAfter")).isEqualTo("PT10S");
        // Nothing is left for the gate sweeper to deliver minutes late.
        http.post().uri("/api/v1/runs/{id}/cancel", data.get("runId")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();
    }

    @Test
    void occurrencesSkippedAsMissedAlertOnceAndCountTheRest() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("events", List.of("run.missed_window")));
        while (Instant.now().atZone(ZoneOffset.UTC).getSecond() > 40) {
            Thread.sleep(500);
        }
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "minutely", "schedule", Map.of("type", "cron", "cron", "* * * * *"),
                        "target", Map.of("url", receiver.url("/minutely")), "missedRunPolicy", "skip"))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        Instant currentMinute = Instant.now().truncatedTo(ChronoUnit.MINUTES);
        // As if the system had been down for the five minutes before the current one.
        db.sql("update job set next_fire_at = :at where id = :id")
                .bind("at", currentMinute.minus(Duration.ofMinutes(5)).atOffset(ZoneOffset.UTC))
                .bind("id", uuid((String) job.get("id"))).then().block();

        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/alerts").size() == 1
                && alerts(tenant).stream().filter(alert -> "suppressed".equals(alert.get("state"))).count() == 4);
        Map<?, ?> payload = json.readValue(receiver.receivedAt("/alerts").getFirst().body(), Map.class);
        assertThat(payload.get("type")).isEqualTo("run.missed_window");
        assertThat(((Map<?, ?>) payload.get("data")).get("reason")).isEqualTo("skipped");
        Thread.sleep(2000);
        assertThat(receiver.receivedAt("/alerts")).hasSize(1);
    }

    @Test
    void aTestAlertArrivesSignedWithoutAJob() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of());

        Map<?, ?> queued = http.post().uri("/api/v1/alerts/test").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isAccepted().expectBody(Map.class).returnResult().getResponseBody();

        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.receivedAt("/alerts").size() == 1);
        TestReceiver.Received alert = receiver.receivedAt("/alerts").getFirst();
        new Webhook(tenant.signingSecret()).verify(alert.body(), alert.headers());
        assertThat(alert.header("webhook-id")).isEqualTo(queued.get("id"));
        assertThat(alert.header("chronohook-job-id")).isNull();
        assertThat(json.readValue(alert.body(), Map.class).get("type")).isEqualTo("alert.test");
    }

    private List<Map<?, ?>> alerts(TestTenant tenant) {
        Map<?, ?> page = http.get().uri("/api/v1/alerts").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().<Map<?, ?>>map(item -> (Map<?, ?>) item).toList();
    }

    static UUID uuid(String prefixed) {
        String hex = prefixed.substring(prefixed.indexOf('_') + 1);
        return new UUID(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }
}
