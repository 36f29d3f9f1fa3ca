package io.chronohook.dashboard.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.support.Redirect;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JobsListTest extends PageTest {

    JobsListTest() {
        super(BACKEND);
    }

    private static final String TWO_JOBS = "{\"items\":[" + JobJson.NIGHTLY + "," + JobJson.FREQUENT
            + "],\"nextCursor\":\"c+2/=\"}";

    private static final AtomicReference<String> JOBS = new AtomicReference<>(TWO_JOBS);
    private static final AtomicInteger ACTIVITY_STATUS = new AtomicInteger(200);
    private static final List<String> JOB_QUERIES = new CopyOnWriteArrayList<>();
    private static final List<String> ACTIVITY_QUERIES = new CopyOnWriteArrayList<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/jobs/activity", (request, response) -> {
                ACTIVITY_QUERIES.add(query(request.uri()));
                return ACTIVITY_STATUS.get() == 200
                        ? StubBackend.json(response, 200, "{\"items\":[" + JobJson.activity(JobJson.NIGHTLY_ID)
                                + "],\"nextCursor\":null}")
                        : StubBackend.json(response, ACTIVITY_STATUS.get(),
                                "{\"status\":404,\"code\":\"not_found\",\"detail\":\"no such route\"}");
            })
            .get("/api/v1/jobs", (request, response) -> {
                JOB_QUERIES.add(query(request.uri()));
                return StubBackend.json(response, 200, JOBS.get());
            })
            .post("/api/v1/jobs/{id}/pause", (request, response) -> {
                JOB_QUERIES.add("POST pause " + request.param("id"));
                return StubBackend.json(response, 200, JobJson.NIGHTLY);
            })
            .post("/api/v1/jobs/{id}/trigger", (request, response) -> {
                JOB_QUERIES.add("POST trigger " + request.param("id"));
                return StubBackend.json(response, 202, "{\"id\":\"run_now\",\"jobId\":\"" + request.param("id")
                        + "\",\"state\":\"queued\",\"attempt\":0}");
            }));

    @BeforeEach
    void reset() {
        JOBS.set(TWO_JOBS);
        ACTIVITY_STATUS.set(200);
        JOB_QUERIES.clear();
        ACTIVITY_QUERIES.clear();
    }

    private static String query(String uri) {
        int mark = uri.indexOf('?');
        // Decoded as a server would: a '+' the dashboard failed to encode would come back as a space.
        return mark < 0 ? "" : java.net.URLDecoder.decode(uri.substring(mark + 1), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void theListShowsEachJobWithItsLabelsStateScheduleInWordsAndNextRun() {
        String page = new SignedInClient(port).page("/jobs", 200);

        assertThat(page)
                .contains("<a href=\"/jobs/" + JobJson.NIGHTLY_ID + "\">nightly-report</a>")
                .contains("<span class=\"chip\">env:prod</span><span class=\"chip\">team:billing</span>")
                .contains("every day at 02:00 Europe/Berlin")
                .contains("<a href=\"/jobs/" + JobJson.FREQUENT_ID + "\">cache-warmer</a>")
                .contains("every 15 minutes")
                .contains("badge state-active").contains("badge state-paused")
                // Runs a long-running receiver works on now show in the job's state.
                .contains("<span class=\"running-now\">").contains("badge state-running").contains("×2")
                .contains("<time datetime=\"2026-11-24T01:00:00Z\"")
                .contains("id=\"new-job\"");
        assertThat(JOB_QUERIES).containsExactly("limit=25");
    }

    @Test
    void eachJobHasA24HourSparklineFromOneActivityCallForThePage() {
        String page = new SignedInClient(port).page("/jobs", 200);

        assertThat(ACTIVITY_QUERIES).containsExactly(
                "jobId=" + JobJson.NIGHTLY_ID + "&jobId=" + JobJson.FREQUENT_ID + "&hours=24");
        assertThat(page)
                .contains("<svg class=\"spark\"")
                .contains("role=\"img\" aria-label=\"24 h: 95 % of 240 runs succeeded\"")
                .contains("<title>23 Nov 14:00 — 12 succeeded, 1 failed</title>")
                .contains("<title>23 Nov 13:00 — no runs</title>")
                .contains("<span class=\"rate\">95 %</span>")
                .contains("<rect class=\"bad\"").contains("<rect class=\"ok\"").contains("<rect class=\"none\"");
        assertThat(page.split("<g><title>", -1)).hasSize(25);
    }

    @Test
    void withoutTheActivityCallTheListIsShownWithoutSparklines() {
        ACTIVITY_STATUS.set(404);

        String page = new SignedInClient(port).page("/jobs", 200);

        assertThat(page).contains("nightly-report").contains("every 15 minutes")
                .doesNotContain("<svg class=\"spark\"").doesNotContain("Last 24 h");
    }

    @Test
    void theNameSearchGoesToTheBackendAndTheNextPageLinkKeepsIt() {
        String page = new SignedInClient(port).page("/jobs?name=nightly report", 200);

        assertThat(JOB_QUERIES).containsExactly("limit=25&name=nightly report");
        assertThat(page).contains("<input id=\"name\" name=\"name\" type=\"search\" value=\"nightly report\"")
                .contains("href=\"/jobs?name=nightly%20report&cursor=c%2B2%2F%3D\" rel=\"next\"")
                .contains("<a href=\"/jobs\" class=\"clear-filters\">Clear filters</a>");
    }

    @Test
    void eachRowCanBePausedOrResumedAndRunNowBackToTheSameList() {
        String page = new SignedInClient(port).page("/jobs?state=active", 200);

        assertThat(page)
                .contains("action=\"/jobs/" + JobJson.NIGHTLY_ID + "/pause\"")
                .contains("action=\"/jobs/" + JobJson.FREQUENT_ID + "/resume\"")
                .contains("action=\"/jobs/" + JobJson.NIGHTLY_ID + "/trigger\"")
                .contains("<input type=\"hidden\" name=\"returnTo\" value=\"/jobs?state=active\">")
                .contains("name=\"_csrf\"");

        Redirect paused = Redirect.of(new SignedInClient(port).post("/jobs/" + JobJson.NIGHTLY_ID + "/pause",
                Map.of("returnTo", "/jobs?state=active", "jobName", "nightly-report")));
        assertThat(paused.location()).isEqualTo("/jobs?state=active");
        assertThat(paused.flash()).contains("Job “nightly-report” paused.");
        Redirect triggered = Redirect.of(new SignedInClient(port).post("/jobs/" + JobJson.NIGHTLY_ID + "/trigger",
                Map.of("returnTo", "/jobs?state=active", "jobName", "nightly-report")));
        assertThat(triggered.location()).isEqualTo("/jobs?state=active");
        assertThat(JOB_QUERIES).contains("POST pause " + JobJson.NIGHTLY_ID, "POST trigger " + JobJson.NIGHTLY_ID);
    }

    @Test
    void aReturnAddressOffTheJobsPagesIsIgnored() {
        Redirect redirect = Redirect.of(new SignedInClient(port).post("/jobs/" + JobJson.NIGHTLY_ID + "/pause",
                Map.of("returnTo", "//evil.example/jobs")));
        assertThat(redirect.location()).isEqualTo("/jobs/" + JobJson.NIGHTLY_ID);
    }

    @Test
    void theFiltersGoToTheBackendAndTheNextPageLinkKeepsThem() {
        String page = new SignedInClient(port).page("/jobs?state=paused&label=team:billing", 200);

        assertThat(JOB_QUERIES).containsExactly("limit=25&state=paused&label=team:billing");
        assertThat(page)
                .contains("href=\"/jobs?state=paused&label=team%3Abilling&cursor=c%2B2%2F%3D\" rel=\"next\"")
                .contains("<option value=\"paused\" selected>paused</option>")
                .contains("value=\"team:billing\"");

        // The link as a browser follows it: already encoded.
        new SignedInClient(port).raw().get()
                .uri(java.net.URI.create("http://localhost:" + port + "/jobs?state=paused&label=team%3Abilling&cursor=c%2B2%2F%3D"))
                .exchange().expectStatus().isOk();
        assertThat(JOB_QUERIES.get(1)).isEqualTo("limit=25&state=paused&label=team:billing&cursor=c+2/=");
    }

    @Test
    void aLabelFilterThatIsNotKeyColonValueIsExplainedAndNotSent() {
        String page = new SignedInClient(port).page("/jobs?label=billing", 200);

        assertThat(JOB_QUERIES).containsExactly("limit=25");
        assertThat(page).contains("<p class=\"field-error\" id=\"label-error\">Write the label as key:value")
                .contains("aria-invalid=\"true\"");
    }

    @Test
    void aTenantWithoutJobsSeesHowToCreateTheFirstOneInTheBrowserOrWithCurl() {
        JOBS.set("{\"items\":[],\"nextCursor\":null}");

        String page = new SignedInClient(port).page("/jobs", 200);

        assertThat(page)
                .contains("No jobs yet")
                .contains("href=\"/jobs/new\">Create your first job</a>")
                .contains("curl -s -X POST " + BACKEND.url() + "/api/v1/jobs \\")
                .contains("-H 'Authorization: Bearer chk_…'")
                .contains("\"schedule\":{\"type\":\"cron\",\"cron\":\"0 2 * * *\",\"timeZone\":\"UTC\"}")
                .doesNotContain("<table");
        assertThat(ACTIVITY_QUERIES).isEmpty();
    }

    @Test
    void anEmptyFilteredListSaysNothingMatchesRatherThanOfferingAFirstJob() {
        JOBS.set("{\"items\":[],\"nextCursor\":null}");

        String page = new SignedInClient(port).page("/jobs?state=completed", 200);

        assertThat(page).contains("No jobs match").doesNotContain("No jobs yet");
    }
}
