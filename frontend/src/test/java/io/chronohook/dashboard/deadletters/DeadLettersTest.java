package io.chronohook.dashboard.deadletters;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.session.CsrfFilter;
import io.chronohook.dashboard.support.Redirect;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;

class DeadLettersTest extends PageTest {

    DeadLettersTest() {
        super(BACKEND);
    }

    static final String LONG_ERROR = "the receiver answered HTTP 500 and then kept on explaining at great length why "
            + "it could not possibly take this webhook today";

    static final String ALL = """
            {"items":[
              {"id":"run_a","jobId":"job_1","jobName":"nightly-report","state":"dead",
               "scheduledFor":"2026-11-23T07:00:00Z","attempt":5,
               "finishedAt":"2026-11-23T07:20:00Z","lastStatusCode":500,"lastError":"%s","trigger":"schedule"},
              {"id":"run_b","jobId":"job_2","state":"dead","scheduledFor":"2026-11-23T06:00:00Z","attempt":1,
               "finishedAt":"2026-11-23T06:00:01Z","lastStatusCode":null,"lastError":"connection refused",
               "trigger":"schedule"},
              {"id":"run_01a2071a4cc37016948f03f2c5121253","jobId":"job_01a2071960f773309ef469e24d4491de",
               "state":"dead","scheduledFor":"2026-11-23T05:00:00Z","attempt":1,"trigger":"schedule"}],
             "nextCursor":null}""".formatted(LONG_ERROR);

    static final String JOB_1_PAGE_1 = """
            {"items":[{"id":"run_a","jobId":"job_1","state":"dead","scheduledFor":"2026-11-23T07:00:00Z",
               "attempt":5,"lastStatusCode":500,"lastError":"boom","trigger":"schedule"}],"nextCursor":"cnVuX2E"}""";

    static final String JOB_1_PAGE_2 = """
            {"items":[{"id":"run_c","jobId":"job_1","state":"dead","scheduledFor":"2026-11-22T07:00:00Z",
               "attempt":5,"lastStatusCode":503,"lastError":"down","trigger":"schedule"}],"nextCursor":null}""";

    static final String PROGRESS = """
            {"id":"rpl_1","jobId":"job_1","from":null,"to":null,"state":"%s","total":4,"replayed":%d,
             "createdAt":"2026-11-23T08:00:00Z","finishedAt":null}""";

    static final Queue<String> RECEIVED = new ConcurrentLinkedQueue<>();

    static final String JOBS = """
            {"items":[{"id":"job_2","name":"invoice-sync","state":"active","version":1},
                      {"id":"job_1","name":"nightly-report","state":"active","version":1},
                      {"id":"job_3","name":null,"state":"paused","version":1}],"nextCursor":null}""";

    static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/jobs", (request, response) -> StubBackend.json(response, 200, JOBS))
            .get("/api/v1/dead-letters", (request, response) -> {
                String uri = request.uri();
                RECEIVED.add("GET " + uri);
                if (uri.contains("jobId=not-a-job")) {
                    return StubBackend.json(response, 400, "{\"status\":400,\"code\":\"invalid_request\","
                            + "\"errors\":[{\"field\":\"jobId\",\"message\":\"is not a job id\"}]}");
                }
                if (uri.contains("jobId=job_empty") || uri.contains("cursor=gone")) {
                    return StubBackend.json(response, 200, "{\"items\":[],\"nextCursor\":null}");
                }
                if (uri.contains("jobId=job_1")) {
                    return StubBackend.json(response, 200, uri.contains("cursor=cnVuX2E") ? JOB_1_PAGE_2 : JOB_1_PAGE_1);
                }
                return StubBackend.json(response, 200, ALL);
            })
            .post("/api/v1/runs/{id}/replay", (request, response) -> {
                RECEIVED.add("POST " + request.uri());
                return "run_gone".equals(request.param("id"))
                        ? StubBackend.json(response, 409, "{\"status\":409,\"code\":\"invalid_state\"}")
                        : StubBackend.json(response, 202, "{\"id\":\"" + request.param("id") + "\",\"state\":\"queued\"}");
            })
            .post("/api/v1/dead-letters/replay", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        RECEIVED.add("POST " + request.uri() + " " + body);
                        if (body.contains("2001-")) {
                            return Mono.from(StubBackend.json(response, 400, "{\"status\":400,\"code\":"
                                    + "\"invalid_request\",\"errors\":[{\"field\":\"to\",\"message\":\"must be after from\"}]}"));
                        }
                        return Mono.from(StubBackend.json(response, 202, PROGRESS.formatted("running", 0)));
                    }))
            .get("/api/v1/dead-letters/replays/rpl_1", (request, response) ->
                    StubBackend.json(response, 200, PROGRESS.formatted("running", 1)))
            .get("/api/v1/dead-letters/replays/rpl_done", (request, response) ->
                    StubBackend.json(response, 200, PROGRESS.formatted("done", 4).replace("rpl_1", "rpl_done"))));

    @BeforeEach
    void signIn() {
        RECEIVED.clear();
    }

    @Test
    void theListShowsEachDeadRunWithLinksToItAndItsJobAndItsLastStatus() {
        String page = client.page("/dead-letters", 200);

        assertThat(page).contains("<title>Dead letters · Chronohook</title>")
                .contains("<a class=\"mono run-id\" href=\"/runs/run_a\" title=\"run_a\">run_a</a>")
                .contains("<a class=\"id-link job-name\" href=\"/jobs/job_1\" title=\"job_1\">nightly-report</a>")
                .contains("<a class=\"id-link job-name mono\" href=\"/jobs/job_2\" title=\"job_2\">job_2</a>")
                .contains("<a class=\"mono run-id\" href=\"/runs/run_b\" title=\"run_b\">run_b</a>")
                .contains("<td data-label=\"Status\" class=\"num mono\">500</td>")
                .contains("connection refused");
        assertThat(RECEIVED).containsExactly("GET /api/v1/dead-letters?limit=25");
    }

    @Test
    void theJobPickerOffersTheJobsByNameAndKeepsTheChosenOne() {
        assertThat(client.page("/dead-letters", 200))
                .contains("<select id=\"jobId\" name=\"jobId\" data-autosubmit")
                .contains("<option value=\"\">All jobs</option>")
                .containsSubsequence("<option value=\"job_2\">invoice-sync</option>",
                        "<option value=\"job_3\">job_3</option>", "<option value=\"job_1\">nightly-report</option>");
        assertThat(client.page("/dead-letters?jobId=job_1", 200))
                .contains("<option value=\"job_1\" selected>nightly-report</option>");
        assertThat(client.page("/dead-letters?jobId=job_empty", 200))
                .contains("<option value=\"job_empty\" selected>job_empty</option>");
    }

    @Test
    void aLongLastErrorIsCutShortWithTheWholeTextOnHover() {
        String page = client.page("/dead-letters", 200);

        assertThat(page).contains("title=\"" + LONG_ERROR + "\">" + DeadLettersPage.brief(LONG_ERROR) + "</td>");
        assertThat(DeadLettersPage.brief(LONG_ERROR)).endsWith("…").hasSizeLessThanOrEqualTo(80);
    }

    @Test
    void longIdsAreShortenedToTheirTailWithTheWholeIdOnHover() {
        assertThat(client.page("/dead-letters", 200))
                .contains("href=\"/runs/run_01a2071a4cc37016948f03f2c5121253\" "
                        + "title=\"run_01a2071a4cc37016948f03f2c5121253\">run_…c5121253</a>")
                .contains("title=\"job_01a2071960f773309ef469e24d4491de\">job_…4d4491de</a>");
    }

    @Test
    void eachRowHasAReplayButtonPostingItsRunId() {
        String page = client.page("/dead-letters", 200);

        assertThat(page).contains("action=\"/dead-letters/replay-run\"")
                .contains("<input type=\"hidden\" name=\"runId\" value=\"run_a\">")
                .contains("<input type=\"hidden\" name=\"runId\" value=\"run_b\">")
                .contains("class=\"button small secondary replay-run\"");
    }

    @Test
    void replayingOneRowPostsToTheBackendAndComesBackToTheSameFilteredList() {
        Redirect redirect = Redirect.of(client.post("/dead-letters/replay-run", Map.of("runId", "run_a", "jobId", "job_1")));

        assertThat(RECEIVED).containsExactly("POST /api/v1/runs/run_a/replay");
        assertThat(redirect.location()).isEqualTo("/dead-letters?jobId=job_1");
        assertThat(redirect.flash()).isEqualTo("SUCCESS:Run run_a replayed: back in the queue with the same run id.");
    }

    @Test
    void replayingARowThatIsNoLongerDeadSaysSoInsteadOfFailing() {
        Redirect redirect = Redirect.of(client.post("/dead-letters/replay-run", Map.of("runId", "run_gone")));

        assertThat(redirect.location()).isEqualTo("/dead-letters");
        assertThat(redirect.flash()).startsWith("ERROR:Run run_gone is not in the dead letters any more");
    }

    @Test
    void theFilterAsksTheBackendForOneJobsDeadRunsAndKeepsItInTheNextPageLink() {
        String page = client.page("/dead-letters?jobId=job_1", 200);

        assertThat(RECEIVED).containsExactly("GET /api/v1/dead-letters?limit=25&jobId=job_1");
        assertThat(page).contains("<option value=\"job_1\" selected>nightly-report</option>")
                .contains("href=\"/dead-letters?jobId=job_1&cursor=cnVuX2E\" rel=\"next\"");
    }

    @Test
    void theNextPageKeepsTheFilterAndLinksBackToTheFirstPageOfIt() {
        String page = client.page("/dead-letters?jobId=job_1&cursor=cnVuX2E", 200);

        assertThat(RECEIVED).containsExactly("GET /api/v1/dead-letters?limit=25&jobId=job_1&cursor=cnVuX2E");
        assertThat(page).contains("run_c").doesNotContain("rel=\"next\"")
                .contains("<a class=\"button secondary small\" id=\"first-page\" href=\"/dead-letters?jobId=job_1\">First page</a>");
    }

    @Test
    void aLaterPageThatEmptiedMeanwhileLeadsBackToTheFirstPageOfTheFilter() {
        assertThat(client.page("/dead-letters?jobId=job_1&cursor=gone", 200)).contains("Nothing more on this page")
                .contains("<a class=\"button secondary\" href=\"/dead-letters?jobId=job_1\">First page</a>")
                .doesNotContain("No dead letters —");
    }

    @Test
    void replayAllIsOfferedOnlyWhenTheListIsFilteredByAJob() {
        assertThat(client.page("/dead-letters", 200)).doesNotContain("id=\"replay-all\"");
        assertThat(client.page("/dead-letters?jobId=job_1", 200)).contains("id=\"replay-all\"")
                .contains("<input type=\"hidden\" name=\"jobId\" value=\"job_1\">");
    }

    @Test
    void replayingAllOfAJobStartsABulkReplayAndGoesToItsProgressPage() {
        Redirect redirect = Redirect.of(client.post("/dead-letters/replay", Map.of("scope", "job", "jobId", "job_1")));

        assertThat(RECEIVED).containsExactly("POST /api/v1/dead-letters/replay {\"jobId\":\"job_1\"}");
        assertThat(redirect.location()).isEqualTo("/dead-letters/replays/rpl_1");
        assertThat(redirect.flash()).startsWith("SUCCESS:Replaying 4 dead runs");
    }

    @Test
    void theProgressPageShowsHowFarTheReplayGotAndRefreshesWhileItRuns() {
        String page = client.page("/dead-letters/replays/rpl_1", 200);

        assertThat(page).contains("<span id=\"replayed\">1</span> of <span id=\"total\">4</span> dead runs replayed")
                .contains("badge state-running\">running").contains("style=\"width: 25.0%\"")
                .contains("data-refresh=\"2\"").contains("href=\"/dead-letters?jobId=job_1\"");
    }

    @Test
    void aFinishedReplayStopsRefreshing() {
        assertThat(client.page("/dead-letters/replays/rpl_done", 200)).contains("badge state-done\">done")
                .contains("100 %").doesNotContain("data-refresh");
    }

    @Test
    void anUnknownReplayShowsTheNotFoundPage() {
        assertThat(client.page("/dead-letters/replays/rpl_nope", 404)).contains("Not found");
    }

    @Test
    void aTimeRangeIsReadInTheDisplayZoneAndSentAsInstants() {
        client.raw().post().uri("/dead-letters/replay").cookie(Cookies.ZONE, "Europe/Berlin")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("scope", "range").with("from", "2026-11-23T08:30")
                        .with("to", "2026-11-23T09:00").with(CsrfFilter.FIELD, SignedInClient.CSRF))
                .exchange()
                .expectStatus().is3xxRedirection();

        assertThat(RECEIVED).containsExactly("POST /api/v1/dead-letters/replay "
                + "{\"from\":\"2026-11-23T07:30:00Z\",\"to\":\"2026-11-23T08:00:00Z\"}");
    }

    @Test
    void aTimeThatCannotBeReadIsShownNextToItsFieldWithWhatWasTyped() {
        String page = HtmlUtils.htmlUnescape(client.post("/dead-letters/replay",
                        Map.of("scope", "range", "from", "yesterday", "to", "2026-11-23T09:00"))
                .expectStatus().isEqualTo(422).expectBody(String.class).returnResult().getResponseBody());

        assertThat(RECEIVED).isNotEmpty().allMatch(call -> call.startsWith("GET "));
        assertThat(page).contains("value=\"yesterday\"").contains("aria-invalid=\"true\"")
                .contains("<p class=\"field-error\" id=\"from-error\">is not a date and time")
                .contains("value=\"2026-11-23T09:00\"").contains("<details class=\"card range-replay\" open>");
    }

    @Test
    void aRangeTheBackendRefusesShowsItsMessageNextToTheField() {
        String page = HtmlUtils.htmlUnescape(client.post("/dead-letters/replay",
                        Map.of("scope", "range", "from", "2001-01-02T00:00", "to", "2001-01-01T00:00"))
                .expectStatus().isEqualTo(422).expectBody(String.class).returnResult().getResponseBody());

        assertThat(page).contains("<p class=\"field-error\" id=\"to-error\">must be after from</p>")
                .contains("value=\"2001-01-02T00:00\"");
    }

    @Test
    void noDeadLettersShowsTheEmptyState() {
        assertThat(client.page("/dead-letters?jobId=job_empty", 200))
                .contains("No dead letters — every run either succeeded or is still being retried.")
                .doesNotContain("<table").doesNotContain("id=\"replay-all\"");
    }

    @Test
    void aJobIdTheBackendRefusesIsShownAtTheFilterInsteadOfAnErrorPage() {
        assertThat(client.page("/dead-letters?jobId=not-a-job", 200))
                .contains("<p class=\"field-error\" id=\"jobId-error\">“not-a-job” is not a job id.</p>")
                .contains("value=\"not-a-job\"");
    }
}
