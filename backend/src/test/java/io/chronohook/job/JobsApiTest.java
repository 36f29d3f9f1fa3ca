package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ApiTest;
import io.chronohook.support.FreshDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

class JobsApiTest extends ApiTest {

    static Map<String, Object> cronJob(String name, String cron, String zone) {
        return Map.of(
                "name", name,
                "labels", Map.of("team", "billing"),
                "schedule", Map.of("type", "cron", "cron", cron, "timeZone", zone),
                "target", Map.of("url", "http://127.0.0.1:9/hooks/report", "method", "POST",
                        "headers", Map.of("X-Source", "chronohook"), "body", "{\"report\":\"daily\"}"),
                "retry", Map.of("maxAttempts", 5, "initialDelay", "PT10S", "maxDelay", "PT1H"),
                "timeout", "PT30S");
    }

    @Test
    void createsACronJobAndReadsItBack() {
        TestTenant tenant = signUp();

        Map<?, ?> created = create(tenant, cronJob("nightly-report", "0 2 * * *", "Europe/Berlin"), null)
                .expectStatus().isCreated()
                .expectHeader().valueEquals("ETag", "\"1\"")
                .expectBody(Map.class).returnResult().getResponseBody();

        assertThat(created.get("id").toString()).startsWith("job_");
        assertThat(created.get("state")).isEqualTo("active");
        assertThat(created.get("version")).isEqualTo(1);
        assertThat(created.get("missedRunPolicy")).isEqualTo("fire_once");
        assertThat(created.get("overlapPolicy")).isEqualTo("allow");
        assertThat(created.get("deliverySemantics")).isEqualTo("at_least_once");
        assertThat(created.get("spread")).isEqualTo("PT0S");
        Map<?, ?> target = (Map<?, ?>) created.get("target");
        assertThat(target.get("body")).isEqualTo("{\"report\":\"daily\"}");
        assertThat(target.get("headers")).isEqualTo(Map.of("X-Source", "chronohook"));
        Instant next = Instant.parse((String) created.get("nextRunAt"));
        // 02:00 in Berlin is 00:00 or 01:00 UTC, within the next day.
        assertThat(next).isAfter(Instant.now()).isBefore(Instant.now().plus(1, ChronoUnit.DAYS).plusSeconds(60));
        assertThat(next.atZone(java.time.ZoneId.of("Europe/Berlin")).getHour()).isEqualTo(2);

        http.get().uri("/api/v1/jobs/{id}", created.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.name").isEqualTo("nightly-report")
                .jsonPath("$.schedule.cron").isEqualTo("0 2 * * *")
                .jsonPath("$.schedule.timeZone").isEqualTo("Europe/Berlin")
                .jsonPath("$.labels.team").isEqualTo("billing");
    }

    @Test
    void theListFindsJobsByAPartOfTheirNameWhateverTheCaseAndTakesWildcardsLiterally() {
        TestTenant tenant = signUp();
        for (String name : new String[] {"Nightly-Report", "weekly report", "nightly_backup", "cleanup 100%"}) {
            create(tenant, cronJob(name, "0 2 * * *", "UTC"), null).expectStatus().isCreated();
        }

        assertThat(names(tenant, "NIGHTLY", 50)).containsExactly("nightly_backup", "Nightly-Report");
        assertThat(names(tenant, "report", 1)).containsExactly("weekly report");
        assertThat(names(tenant, "_", 50)).containsExactly("nightly_backup");
        assertThat(names(tenant, "100%", 50)).containsExactly("cleanup 100%");
        assertThat(names(tenant, "zzz", 50)).isEmpty();
        http.get().uri("/api/v1/jobs?name=" + "x".repeat(201)).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("name");
    }

    private List<String> names(TestTenant tenant, String name, int limit) {
        Map<?, ?> page = http.get().uri(uri -> uri.path("/api/v1/jobs").queryParam("name", "{name}")
                        .queryParam("limit", limit).build(name))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().map(job -> (String) ((Map<?, ?>) job).get("name")).toList();
    }

    @Test
    void badInputNamesTheFieldWithTheApiCodes() {
        TestTenant tenant = signUp();

        expectProblem(tenant, cronJob("x", "61 * * * *", "UTC"), 400, "invalid_cron", "schedule.cron");
        expectProblem(tenant, cronJob("x", "0 2 * * *", "Mars/Olympus"), 400, "unknown_time_zone", "schedule.timeZone");
        Map<String, Object> noTarget = new java.util.HashMap<>(cronJob("x", "0 2 * * *", "UTC"));
        noTarget.put("target", Map.of("url", "ftp://example.com/x"));
        expectProblem(tenant, noTarget, 400, "target_not_allowed", "target.url");
        Map<String, Object> reserved = new java.util.HashMap<>(cronJob("x", "0 2 * * *", "UTC"));
        reserved.put("target", Map.of("url", "http://127.0.0.1:9/x", "headers", Map.of("webhook-id", "mine")));
        expectProblem(tenant, reserved, 400, "invalid_request", "target.headers.webhook-id");
        Map<String, Object> oversized = new java.util.HashMap<>(cronJob("x", "0 2 * * *", "UTC"));
        oversized.put("target", Map.of("url", "http://127.0.0.1:9/x", "body", "x".repeat(1_100_000)));
        expectProblem(tenant, oversized, 413, "payload_too_large", "target.body");
        expectProblem(tenant, Map.of("name", "x", "schedule", Map.of("type", "weekly"),
                "target", Map.of("url", "http://127.0.0.1:9/x")), 400, "invalid_request", "schedule.type");
        expectProblem(tenant, Map.of("name", "x", "schedule", Map.of("type", "delay", "delay", "soon"),
                "target", Map.of("url", "http://127.0.0.1:9/x")), 400, "invalid_request", "schedule.delay");

        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    @Test
    void theSameIdempotencyKeyAndBodyGiveTheSameJobAndAnotherBodyIs422() {
        TestTenant tenant = signUp();
        Map<String, Object> job = cronJob("once", "*/5 * * * *", "UTC");

        Map<?, ?> first = create(tenant, job, "key-1").expectStatus().isCreated()
                .expectHeader().valueEquals("Idempotent-Replayed", "false")
                .expectBody(Map.class).returnResult().getResponseBody();
        Map<?, ?> again = create(tenant, job, "key-1").expectStatus().isCreated()
                .expectHeader().valueEquals("Idempotent-Replayed", "true")
                .expectBody(Map.class).returnResult().getResponseBody();
        create(tenant, cronJob("other", "*/5 * * * *", "UTC"), "key-1")
                .expectStatus().isEqualTo(422)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("idempotency_key_reused");

        assertThat(again.get("id")).isEqualTo(first.get("id"));
        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.items.length()").isEqualTo(1);
    }

    @Test
    void listsFilterByStateAndLabelAndPage() {
        TestTenant tenant = signUp();
        String a = id(create(tenant, cronJob("a", "0 1 * * *", "UTC"), null));
        String b = id(create(tenant, Map.of("name", "b", "labels", Map.of("team", "ops"),
                "schedule", Map.of("type", "interval", "every", "PT1H"),
                "target", Map.of("url", "http://127.0.0.1:9/b")), null));
        String c = id(create(tenant, cronJob("c", "0 3 * * *", "UTC"), null));
        http.post().uri("/api/v1/jobs/{id}/pause", a).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.state").isEqualTo("paused");

        assertThat(ids(tenant, "/api/v1/jobs")).containsExactly(c, b, a);
        assertThat(ids(tenant, "/api/v1/jobs?state=paused")).containsExactly(a);
        assertThat(ids(tenant, "/api/v1/jobs?label=team:ops")).containsExactly(b);
        Map<?, ?> page = http.get().uri("/api/v1/jobs?limit=2").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(page.get("nextCursor")).isNotNull();
        assertThat(ids(tenant, "/api/v1/jobs?limit=2&cursor=" + page.get("nextCursor"))).containsExactly(a);
    }

    @Test
    void patchIsAMergePatchGuardedByIfMatch() {
        TestTenant tenant = signUp();
        String id = id(create(tenant, cronJob("patch-me", "0 2 * * *", "UTC"), null));

        http.patch().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                .header("If-Match", "\"1\"").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "renamed", "target", Map.of("url", "http://127.0.0.1:9/other")))
                .exchange()
                .expectStatus().isOk()
                .expectHeader().valueEquals("ETag", "\"2\"")
                .expectBody()
                .jsonPath("$.name").isEqualTo("renamed")
                .jsonPath("$.version").isEqualTo(2)
                .jsonPath("$.target.url").isEqualTo("http://127.0.0.1:9/other")
                // merge patch: the body and headers not named in the patch are kept
                .jsonPath("$.target.body").isEqualTo("{\"report\":\"daily\"}")
                .jsonPath("$.target.headers.X-Source").isEqualTo("chronohook");

        http.patch().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                .header("If-Match", "\"1\"").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "stale"))
                .exchange()
                .expectStatus().isEqualTo(412)
                .expectBody().jsonPath("$.code").isEqualTo("version_conflict");
        http.patch().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("schedule", Map.of("cron", "not a cron")))
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.code").isEqualTo("invalid_cron");
        http.get().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.name").isEqualTo("renamed").jsonPath("$.version").isEqualTo(2);
    }

    @Test
    void aBatchCreatesAllItsJobsOrNoneAndNamesTheInvalidOne() {
        TestTenant tenant = signUp();
        Map<String, Object> good = cronJob("good", "0 2 * * *", "UTC");
        Map<String, Object> bad = cronJob("bad", "0 25 * * *", "UTC");

        http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", List.of(good, bad, good)))
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody()
                .jsonPath("$.code").isEqualTo("invalid_cron")
                .jsonPath("$.errors[0].field").isEqualTo("jobs[1].schedule.cron");
        assertThat(ids(tenant, "/api/v1/jobs")).isEmpty();

        http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", List.of(good, good, good)))
                .exchange()
                .expectStatus().isCreated()
                .expectBody().jsonPath("$.items.length()").isEqualTo(3)
                .jsonPath("$.items[0].id").isNotEmpty();
        assertThat(ids(tenant, "/api/v1/jobs")).hasSize(3);
    }

    @Test
    void aJobMadeInABatchIsTheSameJobAsOneMadeAloneAndABatchsNowJobsRunAtOnce() throws Exception {
        TestTenant tenant = signUp();
        Instant start = Instant.now().plus(Duration.ofDays(2)).truncatedTo(ChronoUnit.SECONDS);
        Map<String, Object> full = new java.util.HashMap<>(Map.of(
                "name", "every-field",
                "labels", Map.of("team", "billing", "customer", "acme"),
                "schedule", Map.of("type", "interval", "every", "PT15M", "startAt", start.toString(),
                        "endAt", start.plus(Duration.ofDays(30)).toString(), "maxRuns", 40),
                "target", Map.of("url", "http://127.0.0.1:9/hooks/full", "method", "PUT",
                        "headers", Map.of("X-Source", "chronohook", "X-Trace", "a b; c=d"),
                        "body", "{\"amount\":\"€ 12\"}", "contentType", "application/vnd.acme+json"),
                "retry", Map.of("maxAttempts", 7, "initialDelay", "PT3S", "maxDelay", "PT2M",
                        "maxRetryWindow", "PT6H"),
                "timeout", "PT45S",
                "missedRunPolicy", "backfill",
                "backfillLimit", 25,
                "overlapPolicy", "queue",
                "deliverySemantics", "at_most_once"));
        full.put("spread", "PT7S");
        full.put("longRunning", Map.of("maxDuration", "PT20M", "heartbeatTimeout", "PT1M"));
        full.put("flowKey", "customer:{labels.customer}");
        full.put("priority", "high");
        try (io.chronohook.support.TestReceiver receiver = new io.chronohook.support.TestReceiver()) {
            Map<String, Object> now = Map.of("name", "at-once", "schedule", Map.of("type", "now"),
                    "target", Map.of("url", receiver.url("/now")));

            Map<?, ?> batch = http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", List.of(full, now, now)))
                    .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
            List<String> made = ((List<?>) batch.get("items")).stream()
                    .map(item -> (String) ((Map<?, ?>) item).get("id")).toList();
            String alone = id(create(tenant, full, null));

            Map<String, Object> fromBatch = withoutIdentity(read(tenant, made.get(0)));
            assertThat(fromBatch).isEqualTo(withoutIdentity(read(tenant, alone)));
            assertThat(fromBatch).containsEntry("resolvedFlowKey", "customer:acme").containsEntry("priority", "high")
                    .containsEntry("schedule", Map.of("type", "interval", "every", "PT15M", "startAt", start.toString(),
                            "endAt", start.plus(Duration.ofDays(30)).toString(), "maxRuns", 40))
                    .containsKey("nextRunAt").containsEntry("target", full.get("target"));
            await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/now").size() == 2);
            await().atMost(Duration.ofSeconds(15)).until(() -> "completed".equals(read(tenant, made.get(1)).get("state"))
                    && "completed".equals(read(tenant, made.get(2)).get("state")));
            // Each "now" job is due at the instant it was validated: the two may differ by a millisecond.
            Map<String, Object> first = withoutIdentity(read(tenant, made.get(1)));
            Map<String, Object> second = withoutIdentity(read(tenant, made.get(2)));
            assertThat(List.of(first.remove("schedule"), second.remove("schedule")))
                    .allSatisfy(schedule -> assertThat(((Map<?, ?>) schedule).get("type")).isEqualTo("now"));
            assertThat(first).isEqualTo(second);
        }
    }

    /** A job as the API shows it, without what differs between two jobs made alike: id, times, last run. */
    private static Map<String, Object> withoutIdentity(Map<String, Object> job) {
        Map<String, Object> rest = new java.util.HashMap<>(job);
        List.of("id", "createdAt", "updatedAt", "lastRun", "version").forEach(rest::remove);
        return rest;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> read(TestTenant tenant, String id) {
        return http.get().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
    }

    @Test
    void aOneShotJobWhoseTimeJustPassedStillFires() throws Exception {
        TestTenant tenant = signUp();
        try (io.chronohook.support.TestReceiver receiver = new io.chronohook.support.TestReceiver()) {
            create(tenant, Map.of("name", "late", "schedule", Map.of("type", "at", "at",
                    Instant.now().minusSeconds(20).toString()), "target", Map.of("url", receiver.url("/late"))), null)
                    .expectStatus().isCreated();

            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                    .until(() -> receiver.receivedAt("/late").size() == 1);
        }
    }

    @Test
    void deleteHidesTheJob() {
        TestTenant tenant = signUp();
        String id = id(create(tenant, cronJob("doomed", "0 2 * * *", "UTC"), null));

        http.delete().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();

        http.get().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNotFound();
    }

    @Test
    void everyJobAndRunRouteAnswers404ToAnotherTenant() {
        TestTenant a = signUp();
        TestTenant b = signUp();
        String id = id(create(a, cronJob("mine", "0 2 * * *", "UTC"), null));
        Map<?, ?> run = http.post().uri("/api/v1/jobs/{id}/trigger", id).header("Authorization", "Bearer " + a.apiKey())
                .exchange().expectStatus().isAccepted().expectBody(Map.class).returnResult().getResponseBody();
        String runId = (String) run.get("id");
        String bKey = "Bearer " + b.apiKey();

        List<WebTestClient.RequestHeadersSpec<?>> calls = List.of(
                http.get().uri("/api/v1/jobs/{id}", id).header("Authorization", bKey),
                http.patch().uri("/api/v1/jobs/{id}", id).header("Authorization", bKey)
                        .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("name", "theirs")),
                http.post().uri("/api/v1/jobs/{id}/pause", id).header("Authorization", bKey),
                http.post().uri("/api/v1/jobs/{id}/resume", id).header("Authorization", bKey),
                http.post().uri("/api/v1/jobs/{id}/trigger", id).header("Authorization", bKey),
                http.get().uri("/api/v1/jobs/{id}/runs", id).header("Authorization", bKey),
                http.delete().uri("/api/v1/jobs/{id}", id).header("Authorization", bKey),
                http.get().uri("/api/v1/runs/{id}", runId).header("Authorization", bKey),
                http.post().uri("/api/v1/runs/{id}/cancel", runId).header("Authorization", bKey));
        for (WebTestClient.RequestHeadersSpec<?> call : calls) {
            call.exchange().expectStatus().isNotFound()
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody().jsonPath("$.code").isEqualTo("not_found");
        }
        assertThat(ids(b, "/api/v1/jobs")).isEmpty();
        http.get().uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + a.apiKey())
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.name").isEqualTo("mine")
                .jsonPath("$.state").isEqualTo("active");
    }

    @Test
    void aReadOnlyKeyCannotWriteJobs() {
        TestTenant tenant = signUp();
        Map<?, ?> key = http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("name", "ro", "scopes", List.of("jobs:read")))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();

        http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + key.get("apiKey"))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(cronJob("x", "0 2 * * *", "UTC"))
                .exchange().expectStatus().isForbidden();
        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + key.get("apiKey"))
                .exchange().expectStatus().isOk();
    }

    @Test
    void previewListsFireTimesInTheZoneAndInUtc() {
        TestTenant tenant = signUp();

        http.post().uri("/api/v1/schedules/preview").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("schedule", Map.of("type", "cron", "cron", "30 2 * * *", "timeZone", "America/New_York"),
                        "count", 3, "after", "2027-03-13T12:00:00Z"))
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.fireTimes.length()").isEqualTo(3)
                // 2027-03-14 02:30 does not exist in New York: the run fires at 03:00 EDT, the first instant after.
                .jsonPath("$.fireTimes[0].utc").isEqualTo("2027-03-14T07:00:00Z")
                .jsonPath("$.fireTimes[0].local").isEqualTo("2027-03-14T03:00-04:00")
                .jsonPath("$.fireTimes[1].utc").isEqualTo("2027-03-15T06:30:00Z")
                .jsonPath("$.fireTimes[2].utc").isEqualTo("2027-03-16T06:30:00Z");
        http.post().uri("/api/v1/schedules/preview").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("schedule", Map.of("type", "cron", "cron", "* * *"), "count", 500))
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("count");
    }

    @Test
    void aPatchWithoutIfMatchIsMergedAgainIntoAJobThatChangedBetweenItsReadAndItsWrite() throws Exception {
        TestTenant tenant = signUp();
        String id = id(create(tenant, cronJob("raced", "0 2 * * *", "UTC"), null));

        try (Connection meanwhile = FreshDatabase.backendDatabase();
             Connection watcher = FreshDatabase.backendDatabase()) {
            // A change the patch does not know of, held uncommitted: the patch reads version 1 and waits on the row.
            meanwhile.setAutoCommit(false);
            try (PreparedStatement change = meanwhile.prepareStatement(
                    "update job set name = 'renamed meanwhile', version = version + 1 where id = ?")) {
                change.setObject(1, storedId(id));
                assertThat(change.executeUpdate()).isEqualTo(1);
            }
            CompletableFuture<EntityExchangeResult<Map>> patch = CompletableFuture.supplyAsync(() -> http.patch()
                    .uri("/api/v1/jobs/{id}", id).header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(Map.of("target", Map.of("url", "http://127.0.0.1:9/patched")))
                    .exchange().expectBody(Map.class).returnResult());
            await().atMost(Duration.ofSeconds(10)).until(() -> waitingOnARow(watcher, "update job"));
            meanwhile.commit();

            EntityExchangeResult<Map> patched = patch.get(20, TimeUnit.SECONDS);
            assertThat(patched.getStatus().value()).isEqualTo(200);
            assertThat(patched.getResponseBody()).containsEntry("version", 3).containsEntry("name", "renamed meanwhile");
            assertThat(((Map<?, ?>) patched.getResponseBody().get("target")).get("url"))
                    .isEqualTo("http://127.0.0.1:9/patched");
        }
    }

    private static boolean waitingOnARow(Connection db, String statement) throws Exception {
        try (PreparedStatement waiting = db.prepareStatement("""
                select count(*) from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock' and query ilike ?
                """)) {
            waiting.setString(1, "%" + statement + "%");
            try (ResultSet count = waiting.executeQuery()) {
                return count.next() && count.getInt(1) > 0;
            }
        }
    }

    private WebTestClient.ResponseSpec create(TestTenant tenant, Map<String, Object> job, String idempotencyKey) {
        WebTestClient.RequestBodySpec request = http.post().uri("/api/v1/jobs")
                .header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON);
        if (idempotencyKey != null) {
            request = request.header("Idempotency-Key", idempotencyKey);
        }
        return request.bodyValue(job).exchange();
    }

    private String id(WebTestClient.ResponseSpec response) {
        return (String) response.expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody()
                .get("id");
    }

    private List<String> ids(TestTenant tenant, String uri) {
        Map<?, ?> body = http.get().uri(uri).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) body.get("items")).stream().map(item -> (String) ((Map<?, ?>) item).get("id")).toList();
    }

    private void expectProblem(TestTenant tenant, Map<String, Object> job, int status, String code, String field) {
        create(tenant, job, null)
                .expectStatus().isEqualTo(status)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo(code)
                .jsonPath("$.errors[0].field").isEqualTo(field);
    }
}
