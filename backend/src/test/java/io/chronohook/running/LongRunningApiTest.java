package io.chronohook.running;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Long-running work against the real Postgres, Redis and a scripted receiver: a receiver that answers 202 keeps its
 * run {@code running}, reports heartbeats (progress, checkpoint) and completion or failure with the callback's run
 * token, and the real timeout loop retries a run whose heartbeats stopped, handing the next attempt the checkpoint.
 */
class LongRunningApiTest extends ReceiverApiTest {

    private static final String TOKEN = "Chronohook-Run-Token";

    @Autowired
    JsonMapper json;

    @Test
    void a202KeepsTheRunRunningWhileItsHeartbeatsReportProgressUntilItCompletes() {
        TestTenant tenant = signUp();
        String run = runningRun(tenant, "/export", "PT10M", "PT30S", Map.of("maxAttempts", 3));

        TestReceiver.Received callback = receiver.receivedAt("/export").getFirst();
        String token = callback.header("chronohook-run-token");
        assertThat(token).startsWith("crt_1_");
        assertThat(callback.header("chronohook-checkpoint")).isNull();

        Map<?, ?> beat = report(run, "heartbeat", token, Map.of("progress", 40, "checkpoint", Map.of("page", 3)))
                .expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(beat.get("state")).isEqualTo("running");
        assertThat(beat.get("attempt")).isEqualTo(1);
        assertThat(Instant.parse((String) beat.get("heartbeatDeadline")))
                .isBetween(Instant.now().plusSeconds(25), Instant.now().plusSeconds(31));
        report(run, "heartbeat", token, Map.of("progress", "copying rows")).expectStatus().isOk();

        Map<?, ?> shown = run(tenant, run);
        assertThat(shown.get("state")).isEqualTo("running");
        Map<?, ?> job = http.get().uri("/api/v1/jobs/{id}", shown.get("jobId"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(job.get("runningRuns")).isEqualTo(1);
        assertThat(shown.get("progress")).isEqualTo(40.0);
        assertThat(shown.get("checkpoint")).isEqualTo(Map.of("page", 3));
        Map<?, ?> running = (Map<?, ?>) shown.get("running");
        assertThat(running.get("message")).isEqualTo("copying rows");
        assertThat(running.get("lastHeartbeatAt")).isNotNull();
        assertThat(running.get("heartbeatDeadline")).isNotNull();
        assertThat(running.get("checkpointBytes")).isEqualTo(10);

        report(run, "complete", token, Map.of("result", Map.of("rows", 10))).expectStatus().isOk()
                .expectBody().jsonPath("$.state").isEqualTo("succeeded");
        Map<?, ?> done = run(tenant, run);
        assertThat(done.get("state")).isEqualTo("succeeded");
        assertThat(done.get("finishedAt")).isNotNull();
        assertThat(((Map<?, ?>) done.get("running")).get("result")).isEqualTo(Map.of("rows", 10));
        Map<?, ?> attempt = (Map<?, ?>) ((List<?>) done.get("attempts")).getFirst();
        assertThat(attempt.get("statusCode")).isEqualTo(202);
        assertThat(((Map<?, ?>) attempt.get("running")).get("how")).isEqualTo("completed");

        // The token went with the attempt: a late report changes nothing.
        report(run, "heartbeat", token, Map.of("progress", 99)).expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.code").isEqualTo("run_not_running");
        assertThat(run(tenant, run).get("progress")).isEqualTo(100.0);
        assertThat(receiver.receivedAt("/export")).hasSize(1);
    }

    @Test
    void missedHeartbeatsTimeTheAttemptOutAndTheRetryCarriesTheLastCheckpoint() {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of());
        String run = runningRun(tenant, "/resume", "PT10M", "PT5S",
                Map.of("maxAttempts", 3, "initialDelay", "PT1S", "maxDelay", "PT1S"));
        String first = receiver.receivedAt("/resume").getFirst().header("chronohook-run-token");
        report(run, "heartbeat", first, Map.of("progress", 70, "checkpoint", Map.of("offset", 700)))
                .expectStatus().isOk();

        // No heartbeat follows: the real timeout loop ends the attempt and the retry goes out with the checkpoint.
        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/resume").size() == 2);
        TestReceiver.Received second = receiver.receivedAt("/resume").get(1);
        assertThat(second.header("chronohook-attempt")).isEqualTo("2");
        assertThat(new String(Base64.getUrlDecoder().decode(second.header("chronohook-checkpoint")),
                StandardCharsets.UTF_8)).isEqualTo("{\"offset\":700}");
        assertThat(second.body()).contains("\"chronohookCheckpoint\":{\"offset\":700}").contains("\"task\":\"export\"");
        String secondToken = second.header("chronohook-run-token");
        assertThat(secondToken).startsWith("crt_2_");

        awaitState(tenant, run, "running");
        Map<?, ?> firstAttempt = (Map<?, ?>) ((List<?>) run(tenant, run).get("attempts")).getFirst();
        assertThat(((Map<?, ?>) firstAttempt.get("running")).get("how")).isEqualTo("timed_out");

        // The superseded attempt's token is told so, and changes nothing.
        report(run, "complete", first, Map.of()).expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.code").isEqualTo("attempt_superseded");
        assertThat(run(tenant, run).get("state")).isEqualTo("running");

        report(run, "complete", secondToken, Map.of()).expectStatus().isOk();
        assertThat(run(tenant, run).get("state")).isEqualTo("succeeded");
        assertThat(receiver.receivedAt("/resume")).hasSize(2);

        // The timeout raised the tenant's alert, though the run went on to succeed.
        Map<?, ?> alert = awaitAlert("run.timed_out");
        assertThat(alert.get("runId")).isEqualTo(run);
        assertThat(alert.get("attempt")).isEqualTo(1);
        assertThat(alert.get("reason")).isEqualTo("no_heartbeat");
        assertThat(alert.get("willRetry")).isEqualTo(true);
        assertThat(alert.get("nextAttemptAt")).isNotNull();
        assertThat(alert.get("progress")).isEqualTo(70.0);
        assertThat(alert.get("lastHeartbeatAt")).isNotNull();
        assertThat(counter("chronohook_running_timed_out_total{reason=\"heartbeat\"}")).isGreaterThanOrEqualTo(1);
        assertThat(counter("chronohook_running_ended_total{how=\"completed\"}")).isGreaterThanOrEqualTo(1);
        assertThat(prometheus()).contains("chronohook_running_runs ")
                .contains("chronohook_running_heartbeat_interval_seconds_count");
    }

    @Test
    void aFailureThatIsNotRetryableIsDeadLetteredAndAReplayRunsItAgain() {
        TestTenant tenant = signUp();
        String run = runningRun(tenant, "/fails", "PT10M", "PT30S", Map.of("maxAttempts", 5));
        String token = receiver.receivedAt("/fails").getFirst().header("chronohook-run-token");

        report(run, "fail", token, Map.of("error", "the export's source table is gone", "retryable", false))
                .expectStatus().isOk().expectBody().jsonPath("$.state").isEqualTo("dead");
        Map<?, ?> dead = run(tenant, run);
        assertThat(dead.get("state")).isEqualTo("dead");
        assertThat((String) dead.get("lastError")).contains("the export's source table is gone");
        Map<?, ?> letters = http.get().uri("/api/v1/dead-letters").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(((List<?>) letters.get("items")).stream().map(item -> (Object) ((Map<?, ?>) item).get("id")).toList())
                .contains((Object) run);

        http.post().uri("/api/v1/runs/{id}/replay", run).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isAccepted();
        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/fails").size() == 2);
        awaitState(tenant, run, "running");
        // An API key of the run's tenant may report too.
        http.post().uri("/api/v1/runs/{id}/complete", run).header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of())
                .exchange().expectStatus().isOk();
        assertThat(run(tenant, run).get("state")).isEqualTo("succeeded");
    }

    @Test
    void anotherRunsTokenAWrongOneOrACancelledRunsIsRefusedAndChangesNothing() {
        // A plan with the default checkpoint limit (4 KiB) and no other limit in the way.
        operatorPlan("long-running-4k", 1, 1000, 1000, 1_000_000, 0);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "long-running-4k").expectStatus().isOk();
        TestTenant stranger = signUp();
        receiver.script("/guarded", request -> new TestReceiver.Reply(202, "accepted"));
        String job = longRunningJob(tenant, "/guarded", "PT10M", "PT30S", Map.of("maxAttempts", 1));
        String one = trigger(tenant, job, 1);
        awaitState(tenant, one, "running");
        String other = trigger(tenant, job, 1);
        awaitState(tenant, other, "running");
        String oneToken = receiver.receivedAt("/guarded").stream()
                .filter(r -> r.header("webhook-id").equals(one)).findFirst().orElseThrow()
                .header("chronohook-run-token");

        report(other, "heartbeat", oneToken, Map.of("progress", 50)).expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("invalid_run_token");
        report(one, "heartbeat", "crt_1_" + "A".repeat(43), Map.of()).expectStatus().isUnauthorized();
        report(one, "complete", "not-a-token", Map.of()).expectStatus().isUnauthorized();
        http.post().uri("/api/v1/runs/{id}/heartbeat", one).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of()).exchange().expectStatus().isUnauthorized();
        http.post().uri("/api/v1/runs/{id}/complete", one).header("Authorization", "Bearer " + stranger.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of()).exchange().expectStatus().isNotFound();
        assertThat(run(tenant, other).get("progress")).isNull();
        assertThat(run(tenant, one).get("state")).isEqualTo("running");

        // Bad reports are refused naming the field.
        report(one, "heartbeat", oneToken, Map.of("progress", 150)).expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("progress");
        report(one, "heartbeat", oneToken, Map.of("checkpoint", Map.of("blob", "x".repeat(5000))))
                .expectStatus().isEqualTo(413)
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("checkpoint")
                .jsonPath("$.errors[0].code").isEqualTo("payload_too_large");

        // Cancelling a running run revokes its token: the receiver's next heartbeat is told to stop.
        http.post().uri("/api/v1/runs/{id}/cancel", one).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.state").isEqualTo("cancelled");
        report(one, "heartbeat", oneToken, Map.of("progress", 60)).expectStatus().isEqualTo(410)
                .expectBody().jsonPath("$.code").isEqualTo("run_cancelled");
        Map<?, ?> cancelled = run(tenant, one);
        assertThat(cancelled.get("state")).isEqualTo("cancelled");
        assertThat(cancelled.get("progress")).isNull();
        Map<?, ?> attempt = (Map<?, ?>) ((List<?>) cancelled.get("attempts")).getFirst();
        assertThat(((Map<?, ?>) attempt.get("running")).get("how")).isEqualTo("cancelled");
    }

    @Test
    void aRunThatKeepsBeatingIsNeitherRetriedNorDuplicatedUntilItsLongestDurationEndsIt() throws Exception {
        TestTenant tenant = signUp();
        alertsTo(tenant, "/alerts", Map.of("events", List.of("run.timed_out", "run.dead_lettered")));
        String run = runningRun(tenant, "/forever", "PT12S", "PT5S", Map.of("maxAttempts", 1));
        String token = receiver.receivedAt("/forever").getFirst().header("chronohook-run-token");

        // Heartbeats every 2 s: far past the 5 s heartbeat timeout in all, never past it between two of them.
        Instant started = Instant.now();
        int beats = 0;
        while (Duration.between(started, Instant.now()).compareTo(Duration.ofSeconds(9)) < 0) {
            report(run, "heartbeat", token, Map.of("progress", beats)).expectStatus().isOk();
            beats++;
            Thread.sleep(2000);
        }
        assertThat(run(tenant, run).get("state")).isEqualTo("running");
        assertThat(receiver.receivedAt("/forever")).hasSize(1);

        // Beating on past the longest duration (12 s) does not keep it: the attempt is ended, the run dead.
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(500)).until(() -> {
            report(run, "heartbeat", token, Map.of()).returnResult(Void.class);
            return "dead".equals(run(tenant, run).get("state"));
        });
        Map<?, ?> dead = run(tenant, run);
        assertThat((String) dead.get("lastError")).contains("longest duration");
        Map<?, ?> attempt = (Map<?, ?>) ((List<?>) dead.get("attempts")).getFirst();
        assertThat(((Map<?, ?>) attempt.get("running")).get("how")).isEqualTo("timed_out");
        assertThat(dead.get("attempt")).isEqualTo(1);
        assertThat(receiver.receivedAt("/forever")).hasSize(1);

        // Timed out and not retried: both the timeout and the dead run are told.
        Map<?, ?> timedOut = awaitAlert("run.timed_out");
        assertThat(timedOut.get("reason")).isEqualTo("max_duration");
        assertThat(timedOut.get("willRetry")).isEqualTo(false);
        assertThat(timedOut.get("nextAttemptAt")).isNull();
        assertThat(awaitAlert("run.dead_lettered").get("runId")).isEqualTo(run);
        assertThat(receiver.receivedAt("/alerts")).hasSize(2);
    }

    @Test
    void longRunningSettingsAreCheckedAgainstEachOtherAndThePlan() {
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "free").expectStatus().isOk();
        Map<String, Object> job = new HashMap<>(Map.of("name", "too long", "target",
                Map.of("url", receiver.url("/x")), "schedule", Map.of("type", "delay", "delay", "PT1H")));
        job.put("longRunning", Map.of("maxDuration", "PT2H", "heartbeatTimeout", "PT1M"));
        create(tenant, job).expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].field").isEqualTo("longRunning.maxDuration")
                .jsonPath("$.errors[0].message").value(message -> assertThat((String) message).contains("plan"));
        job.put("longRunning", Map.of("maxDuration", "PT10M", "heartbeatTimeout", "PT20M"));
        create(tenant, job).expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].field").isEqualTo("longRunning.heartbeatTimeout");
        job.put("longRunning", Map.of("maxDuration", "PT10M"));
        create(tenant, job).expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].field").isEqualTo("longRunning.heartbeatTimeout");
        job.put("longRunning", Map.of("maxDuration", "PT50M", "heartbeatTimeout", "PT1M"));
        Map<?, ?> created = create(tenant, job).expectStatus().isCreated().expectBody(Map.class).returnResult()
                .getResponseBody();
        assertThat(created.get("longRunning")).isEqualTo(Map.of("maxDuration", "PT50M", "heartbeatTimeout", "PT1M"));

        // A merge patch with null turns long-running work off: a 202 is then a success like any 2xx.
        Map<String, Object> off = new HashMap<>();
        off.put("longRunning", null);
        http.patch().uri("/api/v1/jobs/{id}", created.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(off)
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.longRunning").doesNotExist();
    }

    /** A counter's value on the Prometheus page; 0 when it is not there yet. */
    private double counter(String series) {
        return prometheus().lines().filter(line -> line.startsWith(series + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(series.length() + 1))).sum();
    }

    /** A run of a new long-running job at {@code path}, whose receiver answered 202: running. */
    private String runningRun(TestTenant tenant, String path, String maxDuration, String heartbeatTimeout,
                              Map<String, Object> retry) {
        receiver.script(path, request -> new TestReceiver.Reply(202, "accepted"));
        String run = trigger(tenant, longRunningJob(tenant, path, maxDuration, heartbeatTimeout, retry), 1);
        awaitState(tenant, run, "running");
        return run;
    }

    private String longRunningJob(TestTenant tenant, String path, String maxDuration, String heartbeatTimeout,
                                  Map<String, Object> retry) {
        Map<String, Object> job = new HashMap<>(Map.of("name", "long " + path,
                "target", Map.of("url", receiver.url(path), "body", "{\"task\":\"export\"}"),
                "schedule", Map.of("type", "at", "at", Instant.now().plus(Duration.ofDays(1)).toString()),
                "retry", retry));
        job.put("longRunning", Map.of("maxDuration", maxDuration, "heartbeatTimeout", heartbeatTimeout));
        Map<?, ?> created = create(tenant, job).expectStatus().isCreated().expectBody(Map.class).returnResult()
                .getResponseBody();
        return (String) created.get("id");
    }

    private WebTestClient.ResponseSpec create(TestTenant tenant, Map<String, Object> job) {
        return http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(job).exchange();
    }

    /** The {@code data} of the one alert of {@code type} the tenant's alert webhook received (waits up to 15 s). */
    private Map<?, ?> awaitAlert(String type) {
        List<Map<?, ?>> alerts = new ArrayList<>();
        await().atMost(Duration.ofSeconds(15)).until(() -> {
            alerts.clear();
            receiver.receivedAt("/alerts").stream().map(received -> json.readValue(received.body(), Map.class))
                    .filter(payload -> type.equals(payload.get("type"))).forEach(alerts::add);
            return !alerts.isEmpty();
        });
        assertThat(alerts).hasSize(1);
        return (Map<?, ?>) alerts.getFirst().get("data");
    }

    /** A report with the run token alone, as a receiver sends it. */
    private WebTestClient.ResponseSpec report(String run, String what, String token, Map<String, Object> body) {
        return http.post().uri("/api/v1/runs/{id}/{what}", run, what).header(TOKEN, token)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    private Map<?, ?> run(TestTenant tenant, String run) {
        return http.get().uri("/api/v1/runs/{id}", run).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
    }

    private void awaitState(TestTenant tenant, String run, String state) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> state.equals(run(tenant, run).get("state")));
    }
}
