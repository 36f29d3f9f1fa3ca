package io.chronohook.dashboard.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.support.Redirect;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.util.HtmlUtils;

class RunPageTest extends PageTest {

    RunPageTest() {
        super(BACKEND);
    }

    static final String DEAD_RUN = """
            {"id":"run_dead","jobId":"job_1","state":"dead","scheduledFor":"2026-11-23T07:00:00Z","attempt":2,
             "nextAttemptAt":null,"releasedAt":"2026-11-23T07:00:00.250Z","firstAttemptAt":"2026-11-23T07:00:01.750Z",
             "finishedAt":"2026-11-23T07:03:06.750Z","lastStatusCode":500,"lastError":"the receiver answered HTTP 500",
             "traceId":"4bf92f3577b34da6a3ce929d0e0e4736","progress":null,"checkpoint":null,"trigger":"schedule",
             "attempts":[
               {"number":1,"startedAt":"2026-11-23T07:00:01.750Z","finishedAt":"2026-11-23T07:00:02.984Z",
                "statusCode":500,"latencyMs":1234,"outcome":"rejected","error":"the receiver answered HTTP 500",
                "responseExcerpt":"<script>alert('owned')</script>","traceId":"aaaa0000aaaa0000aaaa0000aaaa0001"},
               {"number":2,"startedAt":"2026-11-23T07:02:36.750Z","finishedAt":"2026-11-23T07:03:06.750Z",
                "statusCode":null,"latencyMs":30000,"outcome":"failed","error":"no answer within 30 s",
                "responseExcerpt":null,"traceId":"aaaa0000aaaa0000aaaa0000aaaa0002"}]}""";

    static final String SUCCEEDED_RUN = """
            {"id":"run_ok","jobId":"job_1","state":"succeeded","scheduledFor":"2026-11-23T07:00:00Z","attempt":1,
             "releasedAt":"2026-11-23T07:00:00Z","firstAttemptAt":"2026-11-23T07:00:00.040Z",
             "finishedAt":"2026-11-23T07:00:00.130Z","lastStatusCode":200,"trigger":"manual",
             "attempts":[{"number":1,"startedAt":"2026-11-23T07:00:00.040Z","finishedAt":"2026-11-23T07:00:00.130Z",
                "statusCode":200,"latencyMs":90,"outcome":"delivered","responseExcerpt":"{\\"ok\\":true}",
                "request":{"method":"POST","url":"https://hooks.acme.example/report",
                  "headers":[{"name":"webhook-id","value":"run_ok","masked":false},
                             {"name":"webhook-signature","value":"v1,c2lnbmF0dXJl","masked":false},
                             {"name":"Authorization","value":"••••••","masked":true}],
                  "body":"{\\"report\\":\\"<daily>\\"}","bodyTruncated":false},
                "responseHeaders":[{"name":"X-Receiver","value":"warehouse-7","masked":false}]}]}""";

    static final String WAITING_RUN = """
            {"id":"run_waiting","jobId":"job_1","state":"retry_wait","scheduledFor":"2026-11-23T07:00:00Z",
             "attempt":0,"nextAttemptAt":"2099-01-01T00:00:00Z","releasedAt":"2026-11-23T07:00:00.010Z",
             "trigger":"schedule","deferral":{"reason":"circuit_open","host":"hooks.acme.example",
             "at":"2026-11-23T07:00:25Z","until":"2026-11-23T07:00:30.400Z","count":3},"attempts":[]}""";

    static final String QUEUED_RUN = """
            {"id":"run_started","jobId":"job_1","state":"queued","scheduledFor":"2026-11-23T07:00:00Z",
             "attempt":0,"trigger":"schedule","attempts":[]}""";

    static final String RUNNING_RUN = """
            {"id":"run_long","jobId":"job_1","state":"running","scheduledFor":"2026-11-23T07:00:00Z","attempt":1,
             "progress":40,"checkpoint":{"page":7},"trigger":"schedule",
             "running":{"since":"2026-11-23T07:00:01Z","lastHeartbeatAt":"2026-11-23T07:20:00Z",
                        "message":"copying rows","heartbeatDeadline":"2099-01-01T00:00:00Z",
                        "deadline":"2099-01-01T06:00:00Z","checkpointBytes":10},
             "attempts":[{"number":1,"startedAt":"2026-11-23T07:00:00.500Z","finishedAt":"2026-11-23T07:00:01Z",
                          "statusCode":202,"latencyMs":500,"outcome":"accepted"}]}""";

    static final String SKIPPED_RUN = """
            {"id":"run_skipped","jobId":"job_1","state":"skipped","scheduledFor":"2026-11-23T07:00:00Z",
             "attempt":0,"skipReason":"overlap","trigger":"schedule","attempts":[]}""";

    static final String VIEWER_ME = """
            {"tenantId":"ten_a","tenantName":"Acme","plan":"free","credential":{"type":"member","id":"mem_v"},
             "member":{"id":"mem_v","email":"viewer@acme.example","role":"viewer"},"scopes":["jobs:read"]}""";

    static final Queue<String> RECEIVED = new ConcurrentLinkedQueue<>();

    static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/me", (request, response) -> StubBackend.json(response, 200,
                    "Bearer viewer-token".equals(request.requestHeaders().get("Authorization"))
                            ? VIEWER_ME : StubBackend.OWNER_ME))
            .get("/api/v1/runs/run_dead", (request, response) -> StubBackend.json(response, 200, DEAD_RUN))
            .get("/api/v1/runs/run_ok", (request, response) -> StubBackend.json(response, 200, SUCCEEDED_RUN))
            .get("/api/v1/runs/run_waiting", (request, response) -> StubBackend.json(response, 200, WAITING_RUN))
            .get("/api/v1/runs/run_started", (request, response) -> StubBackend.json(response, 200, QUEUED_RUN))
            .get("/api/v1/runs/run_long", (request, response) -> StubBackend.json(response, 200, RUNNING_RUN))
            .get("/api/v1/runs/run_skipped", (request, response) -> StubBackend.json(response, 200, SKIPPED_RUN))
            .get("/api/v1/runs/run_orphan", (request, response) -> StubBackend.json(response, 200,
                    SKIPPED_RUN.replace("job_1", "job_gone")))
            .get("/api/v1/jobs/job_1", (request, response) -> StubBackend.json(response, 200,
                    "{\"id\":\"job_1\",\"name\":\"nightly-report\",\"state\":\"active\",\"version\":1}"))
            .post("/api/v1/runs/run_waiting/cancel", (request, response) -> {
                RECEIVED.add("POST " + request.uri() + " " + request.requestHeaders().get("Authorization"));
                return StubBackend.json(response, 200, WAITING_RUN.replace("retry_wait", "cancelled"));
            })
            .post("/api/v1/runs/run_started/cancel", (request, response) -> {
                RECEIVED.add("POST " + request.uri());
                return StubBackend.json(response, 409, "{\"status\":409,\"code\":\"invalid_state\","
                        + "\"detail\":\"the run has already started or finished and cannot be cancelled\"}");
            })
            .post("/api/v1/runs/run_dead/replay", (request, response) -> {
                RECEIVED.add("POST " + request.uri());
                return StubBackend.json(response, 202, DEAD_RUN.replace("\"dead\"", "\"queued\""));
            })
            .post("/api/v1/runs/run_ok/replay", (request, response) -> StubBackend.json(response, 409,
                    "{\"status\":409,\"code\":\"invalid_state\",\"detail\":\"the run is not dead\"}")));

    @BeforeEach
    void signIn() {
        RECEIVED.clear();
    }

    private String rawPage(String path) {
        return client.raw().get().uri(path).exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
    }

    @Test
    void eachAttemptShowsTheRequestSentWithMaskedSecretsAndTheResponseHeaders() {
        String page = client.page("/runs/run_ok", 200);

        assertThat(page).contains("<summary>Request sent</summary>")
                .contains("<p class=\"mono request-line\">POST https://hooks.acme.example/report</p>")
                .contains("<th scope=\"row\" class=\"mono\">webhook-signature</th><td class=\"mono\">v1,c2lnbmF0dXJl</td>")
                .contains("<th scope=\"row\" class=\"mono\">Authorization</th><td class=\"mono\"><span class=\"masked\"")
                .contains("{\"report\":\"<daily>\"}</pre>")
                .contains("<summary>Response headers</summary>")
                .contains("<th scope=\"row\" class=\"mono\">X-Receiver</th><td class=\"mono\">warehouse-7</td>");
        assertThat(rawPage("/runs/run_ok")).contains("&lt;daily&gt;").doesNotContain("<daily>");
        assertThat(client.page("/runs/run_dead", 200)).doesNotContain("Request sent");
    }

    @Test
    void aRunHeldBackByAnOpenCircuitSaysSoWithTheHostAndUntilWhen() {
        String page = client.page("/runs/run_waiting", 200);

        assertThat(page).contains("id=\"deferral\"").contains("3 times: the circuit for")
                .contains("hooks.acme.example").contains("no attempt was spent");
        assertThat(client.page("/runs/run_ok", 200)).doesNotContain("id=\"deferral\"");
    }

    @Test
    void theRunPageShowsEveryAttemptWithItsOutcomeStatusCodeLatencyAndError() {
        String page = client.page("/runs/run_dead", 200);

        assertThat(page).contains("<title>Run run_dead · Chronohook</title>")
                .contains("<ol class=\"timeline\" id=\"attempts\">")
                .contains("<li class=\"attempt bad\">")
                .contains("Attempt 1").contains("HTTP 500").contains("1.2 s")
                .contains("Attempt 2").contains("30.0 s").contains("no answer within 30 s")
                .contains("aaaa0000aaaa0000aaaa0000aaaa0002")
                .contains("badge state-rejected\">rejected").contains("badge state-failed\">failed");
        assertThat(page.indexOf("Attempt 1")).isLessThan(page.indexOf("Attempt 2"));
    }

    @Test
    void aDeliveredAttemptIsMarkedOkOnTheTimeline() {
        assertThat(client.page("/runs/run_ok", 200))
                .contains("<li class=\"attempt ok\">").contains("HTTP 200").contains("90 ms")
                .contains("triggered by hand");
    }

    @Test
    void aResponseExcerptIsShownEscapedSoMarkupInItNeverRuns() {
        String html = rawPage("/runs/run_dead");

        assertThat(html).contains(">&lt;script&gt;alert('owned')&lt;/script&gt;</pre>")
                .doesNotContain("<script>alert(");
    }

    @Test
    void theHeaderNamesTheRunItsStateAndLinksBackToItsJob() {
        assertThat(client.page("/runs/run_dead", 200))
                .containsPattern("<h1>Run <span class=\"mono\">run_dead</span>\\s*<span class=\"badge state-dead\">dead</span>")
                .contains("<a href=\"/jobs/job_1\">← nightly-report</a>");
    }

    @Test
    void theLagsAndTheDurationAreWorkedOutFromTheRunsTimestamps() {
        String page = client.page("/runs/run_dead", 200);

        assertThat(page).contains("<dd id=\"scheduling-lag\">250 ms")
                .contains("<dd id=\"start-lag\">1.5 s")
                .contains("<dd id=\"duration\">3 min 5 s")
                .contains("<dd id=\"attempts-made\">2</dd>");
    }

    @Test
    void theTraceIdCanBeCopied() {
        assertThat(client.page("/runs/run_dead", 200))
                .contains("<code id=\"trace-id\">4bf92f3577b34da6a3ce929d0e0e4736</code>")
                .contains("data-copy=\"#trace-id\"");
    }

    @Test
    void aLongRunningRunShowsItsProgressAndCheckpoint() {
        assertThat(client.page("/runs/run_long", 200))
                .contains("<dd id=\"progress\">").contains("class=\"bar \"").contains("style=\"width: 40.0%\"")
                .contains("40 %").contains("<code class=\"checkpoint\">{\"page\":7}</code>")
                .contains("copying rows").contains("id=\"running-elapsed\"").contains("id=\"last-heartbeat\"")
                .contains("id=\"heartbeat-deadline\"").contains("10 B")
                // A running run can be cancelled: its receiver is told to stop at its next heartbeat.
                .contains("id=\"cancel-run\"");
    }

    @Test
    void aSkippedRunSaysWhyItWasSkipped() {
        assertThat(client.page("/runs/run_skipped", 200))
                .contains("<dd id=\"skip-reason\">overlap — the previous run was still in flight</dd>");
    }

    @Test
    void aRunThatHasNotStartedOffersCancelAndRefreshesItselfButNoReplay() {
        String page = client.page("/runs/run_waiting", 200);

        assertThat(page).contains("action=\"/runs/run_waiting/cancel\"").contains("id=\"cancel-run\"")
                .contains("data-refresh=\"3\"").doesNotContain("id=\"replay-run\"");
    }

    @Test
    void aRunHeldBackWithoutAnAttemptPointsAtTheCircuitOfItsHost() {
        assertThat(client.page("/runs/run_waiting", 200)).contains("<p class=\"muted\" id=\"no-attempts\">No attempt "
                + "made yet: the run was held back, most likely because the circuit of its host is open");
    }

    @Test
    void aDeadRunOffersReplayButNoCancelAndStaysStill() {
        String page = client.page("/runs/run_dead", 200);

        assertThat(page).contains("action=\"/runs/run_dead/replay\"").contains("id=\"replay-run\"")
                .doesNotContain("id=\"cancel-run\"").doesNotContain("data-refresh");
    }

    @Test
    void aViewerSeesNeitherCancelNorReplay() {
        WebTestClient viewer = WebTestClient.bindToServer().baseUrl("http://localhost:" + port)
                .defaultCookie(Cookies.SESSION, "viewer-token").build();
        String page = HtmlUtils.htmlUnescape(viewer.get().uri("/runs/run_dead").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());

        assertThat(page).contains("Attempt 1").doesNotContain("id=\"replay-run\"").doesNotContain("id=\"cancel-run\"");
    }

    @Test
    void cancellingPostsToTheBackendsCancelRouteAndComesBackWithAMessage() {
        Redirect redirect = Redirect.of(client.post("/runs/run_waiting/cancel", Map.of()));

        assertThat(RECEIVED).containsExactly("POST /api/v1/runs/run_waiting/cancel Bearer " + SignedInClient.TOKEN);
        assertThat(redirect.location()).isEqualTo("/runs/run_waiting");
        assertThat(redirect.flash()).isEqualTo("SUCCESS:Run cancelled.");
    }

    @Test
    void aCancelThatComesTooLateIsAFlashMessageOnTheRunPageNotAnErrorPage() {
        Redirect redirect = Redirect.of(client.post("/runs/run_started/cancel", Map.of()));

        assertThat(RECEIVED).containsExactly("POST /api/v1/runs/run_started/cancel");
        assertThat(redirect.location()).isEqualTo("/runs/run_started");
        assertThat(redirect.flash()).isEqualTo("ERROR:The run already started; it can no longer be cancelled.");
        String next = client.raw().get().uri(redirect.location()).cookie(Cookies.FLASH, redirect.flashCookie())
                .exchange().expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
        assertThat(HtmlUtils.htmlUnescape(next)).contains("<p class=\"flash flash-error\" role=\"status\">"
                + "The run already started; it can no longer be cancelled.</p>");
    }

    @Test
    void replayingADeadRunPostsToTheBackendsReplayRouteAndSaysItKeepsItsId() {
        Redirect redirect = Redirect.of(client.post("/runs/run_dead/replay", Map.of()));

        assertThat(RECEIVED).containsExactly("POST /api/v1/runs/run_dead/replay");
        assertThat(redirect.location()).isEqualTo("/runs/run_dead");
        assertThat(redirect.flash()).isEqualTo("SUCCESS:Run replayed: back in the queue with the same run id.");
    }

    @Test
    void replayingARunThatIsNotDeadIsAFlashMessage() {
        Redirect redirect = Redirect.of(client.post("/runs/run_ok/replay", Map.of()));

        assertThat(redirect.flash()).startsWith("ERROR:Only a dead run can be replayed");
    }

    @Test
    void aRunTheBackendDoesNotKnowShowsTheNotFoundPage() {
        assertThat(client.page("/runs/run_of_another_tenant", 404)).contains("Not found")
                .doesNotContain("id=\"attempts\"");
    }

    @Test
    void aRunWhoseJobCannotBeReadAnyMoreStillShowsWithTheJobsId() {
        assertThat(client.page("/runs/run_orphan", 200))
                .contains("<a href=\"/jobs/job_gone\">← Job job_gone</a>");
    }
}
