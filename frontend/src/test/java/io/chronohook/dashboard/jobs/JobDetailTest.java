package io.chronohook.dashboard.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.netty.http.server.HttpServerRequest;

class JobDetailTest extends PageTest {

    JobDetailTest() {
        super(BACKEND);
    }

    private static final String JOB = "/api/v1/jobs/" + JobJson.NIGHTLY_ID;
    private static final String DEAD_RUN = """
            {"id":"run_0196a1b2c3d4e5f60718293a9f8e7d6c","jobId":"%s","state":"dead","scheduledFor":"2026-11-23T01:00:00Z",
             "attempt":5,"finishedAt":"2026-11-23T02:10:00Z","lastStatusCode":503,
             "lastError":"HTTP 503 Service Unavailable: the upstream report generator is down for maintenance until the morning",
             "trigger":"schedule"}""".formatted(JobJson.NIGHTLY_ID);
    private static final String QUEUED_RUN = """
            {"id":"run_0196a1b2c3d4e5f60718293a9f8e7d6d","jobId":"%s","state":"queued","scheduledFor":"2026-11-23T06:00:00Z",
             "attempt":0,"trigger":"manual"}""".formatted(JobJson.NIGHTLY_ID);

    private static final String RUNNING_RUN = """
            {"id":"run_0196a1b2c3d4e5f60718293a9f8e7d6e","jobId":"%s","state":"running",
             "scheduledFor":"2026-11-23T06:00:00Z","attempt":1,"progress":62.5,"checkpoint":{"page":7},
             "trigger":"schedule",
             "running":{"since":"2026-11-23T06:00:01Z","lastHeartbeatAt":"2026-11-23T06:20:00Z",
                        "message":"copying rows","heartbeatDeadline":"2099-01-01T00:00:00Z","checkpointBytes":1300}}"""
            .formatted(JobJson.NIGHTLY_ID);

    private static final AtomicReference<String> RUNS =
            new AtomicReference<>("{\"items\":[" + DEAD_RUN + "],\"nextCursor\":\"r+1\"}");
    /** "METHOD path?query header" of every call the stand-in backend got, /me aside. */
    private static final List<String> CALLS = new CopyOnWriteArrayList<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get(JOB + "/runs", (request, response) -> {
                record(request);
                return StubBackend.json(response, 200, RUNS.get());
            })
            .get(JOB, (request, response) -> {
                record(request);
                return StubBackend.json(response, 200, JobJson.NIGHTLY);
            })
            .post(JOB + "/pause", (request, response) -> {
                record(request);
                return StubBackend.json(response, 200, JobJson.NIGHTLY.replace("\"active\"", "\"paused\""));
            })
            .post(JOB + "/resume", (request, response) -> {
                record(request);
                return StubBackend.json(response, 409, "{\"status\":409,\"code\":\"invalid_state\","
                        + "\"detail\":\"the job is not paused\"}");
            })
            .post(JOB + "/trigger", (request, response) -> {
                record(request);
                return StubBackend.json(response, 202, QUEUED_RUN);
            })
            .delete(JOB, (request, response) -> {
                record(request);
                return response.status(204).send();
            }));

    private static void record(HttpServerRequest request) {
        String key = request.requestHeaders().get("Idempotency-Key");
        CALLS.add(request.method().name() + " " + request.uri() + (key == null ? "" : " Idempotency-Key=" + key));
    }

    @BeforeEach
    void reset() {
        CALLS.clear();
        RUNS.set("{\"items\":[" + DEAD_RUN + "],\"nextCursor\":\"r+1\"}");
    }

    @Test
    void theDetailShowsTheDefinitionAndTheRunHistory() {
        String page = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID, 200);

        assertThat(page)
                .contains("<h1 class=\"job-title\">nightly-report <span class=\"badge state-active\">active</span>")
                .contains("<p class=\"sub\" id=\"schedule-words\">every day at 02:00 Europe/Berlin</p>")
                .contains("0 2 * * * · Europe/Berlin")
                .contains("<strong>POST</strong> https://example.com/hooks/report")
                .contains("<li>X-Source: chronohook</li>")
                .contains("<pre id=\"body\">{\"report\":\"daily\"}</pre>")
                .contains("up to 5 attempts, backoff 10 s doubling to 1 h")
                .contains("<dd id=\"long-running\">up to 6 h per attempt, a heartbeat at least every 5 min</dd>")
                .contains("<dd id=\"flow-key\"><span class=\"mono\">team:billing (team:{labels.team})</span></dd>")
                .contains("<dd id=\"priority\">high</dd>")
                .contains("<span class=\"chip\">env:prod</span>")
                .contains("<code id=\"job-id\">" + JobJson.NIGHTLY_ID + "</code>")
                .contains("data-copy=\"#job-id\"")
                .contains("<a class=\"run-link mono\" href=\"/runs/run_0196a1b2c3d4e5f60718293a9f8e7d6c\"")
                .contains("<span class=\"badge state-dead\">dead</span>")
                .contains(">503</td>")
                .contains("HTTP 503 Service Unavailable: the upstream report generator is down for mainten…")
                .contains("id=\"pause-job\"").contains("id=\"trigger-job\"").contains("id=\"edit-job\"")
                .contains("href=\"/jobs/" + JobJson.NIGHTLY_ID + "/edit\"")
                .contains("id=\"delete-job\"").contains("data-confirm=\"Delete the job")
                .doesNotContain("id=\"resume-job\"")
                .doesNotContain("data-refresh");
        assertThat(CALLS).contains("GET " + JOB + "/runs?limit=25");
    }

    @Test
    void theRunStateFilterGoesToTheBackendAndTheNextPageKeepsIt() {
        String page = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID + "?state=dead", 200);

        assertThat(CALLS).contains("GET " + JOB + "/runs?limit=25&state=dead");
        assertThat(page).contains("href=\"/jobs/" + JobJson.NIGHTLY_ID + "?state=dead&cursor=r%2B1\" rel=\"next\"")
                .contains("<option value=\"dead\" selected>dead</option>");
    }

    @Test
    void thePageRefreshesItselfWhileARunIsLive() {
        RUNS.set("{\"items\":[" + QUEUED_RUN + "," + DEAD_RUN + "],\"nextCursor\":null}");

        String page = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID, 200);

        assertThat(page).contains("data-refresh=\"5\"").contains("<span class=\"badge state-queued\">queued</span>");
    }

    @Test
    void aRunningRunShowsItsProgressMessageAndLastHeartbeatInTheHistory() {
        RUNS.set("{\"items\":[" + RUNNING_RUN + "," + DEAD_RUN + "],\"nextCursor\":null}");

        String page = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID, 200);

        assertThat(page).contains("data-refresh=\"5\"")
                .contains("<span class=\"badge state-running\">running</span>")
                .contains("<span style=\"width: 62.5%\"></span>").contains("62.5 %")
                .contains("copying rows · running ")
                .contains(" · heartbeat <time datetime=\"2026-11-23T06:20:00Z\"")
                .contains("· checkpoint 1.27 KiB");
        // Only the running run has a progress bar.
        assertThat(page.split("class=\"run-progress\"", -1)).hasSize(2);
    }

    @Test
    void pausingCallsTheBackendAndComesBackWithAMessage() {
        new SignedInClient(port).post("/jobs/" + JobJson.NIGHTLY_ID + "/pause", Map.of())
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/jobs/" + JobJson.NIGHTLY_ID)
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(flash).contains("Job+paused."));

        assertThat(CALLS).containsExactly("POST " + JOB + "/pause");
    }

    @Test
    void aRefusedActionComesBackWithTheBackendsReason() {
        new SignedInClient(port).post("/jobs/" + JobJson.NIGHTLY_ID + "/resume", Map.of())
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/jobs/" + JobJson.NIGHTLY_ID)
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(flash).startsWith("ERROR")
                        .contains("The+job+is+not+paused."));

        assertThat(CALLS).containsExactly("POST " + JOB + "/resume");
    }

    @Test
    void triggeringSendsThePagesIdempotencyKeyAndLinksTheNewRun() {
        String page = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID, 200);
        String key = page.replaceAll("(?s).*name=\"idempotencyKey\" value=\"([^\"]+)\".*", "$1");
        assertThat(key).matches("[0-9a-f-]{36}");
        CALLS.clear();

        String location = new SignedInClient(port).post("/jobs/" + JobJson.NIGHTLY_ID + "/trigger",
                        Map.of("idempotencyKey", key))
                .expectStatus().is3xxRedirection()
                .returnResult(Void.class).getResponseHeaders().getLocation().toString();

        assertThat(CALLS).containsExactly("POST " + JOB + "/trigger Idempotency-Key=" + key);
        assertThat(location).isEqualTo("/jobs/" + JobJson.NIGHTLY_ID + "?triggered=run_0196a1b2c3d4e5f60718293a9f8e7d6d");
        assertThat(new SignedInClient(port).page(location, 200)).contains("Run triggered.")
                .contains("<a class=\"run-link\" href=\"/runs/run_0196a1b2c3d4e5f60718293a9f8e7d6d\">");
    }

    @Test
    void deletingCallsTheBackendAndReturnsToTheList() {
        new SignedInClient(port).post("/jobs/" + JobJson.NIGHTLY_ID + "/delete", Map.of())
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/jobs")
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(flash).contains("Job+deleted."));

        assertThat(CALLS).containsExactly("DELETE " + JOB);
    }

    @Test
    void aJobTheBackendDoesNotKnowIsTheNotFoundPage() {
        String page = new SignedInClient(port).page("/jobs/job_0196a1b2c3d4e5f60718293a00000000", 404);

        assertThat(page).contains("<h1>Not found</h1>");
    }

    @Test
    void anActionOnAJobTheBackendDoesNotKnowIsTheNotFoundPage() {
        new SignedInClient(port).post("/jobs/job_0196a1b2c3d4e5f60718293a00000000/pause", Map.of())
                .expectStatus().isNotFound();
    }
}
