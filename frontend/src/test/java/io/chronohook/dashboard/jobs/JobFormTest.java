package io.chronohook.dashboard.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.session.CsrfFilter;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class JobFormTest extends PageTest {

    JobFormTest() {
        super(BACKEND);
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** What the stand-in backend received: "METHOD path header-of-interest" and the body. */
    private static final List<String> CALLS = new CopyOnWriteArrayList<>();
    private static final List<String> BODIES = new CopyOnWriteArrayList<>();

    private static final String BAD_CRON = """
            {"status":400,"code":"invalid_cron","detail":"schedule.cron minute field: 61 is out of range 0-59",
             "errors":[{"field":"schedule.cron","message":"minute field: 61 is out of range 0-59"}]}""";

    private static final String BAD_HEARTBEAT = """
            {"status":400,"code":"validation_failed","detail":"1 field is invalid",
             "errors":[{"field":"longRunning.heartbeatTimeout","message":"must not be longer than maxDuration"}]}""";

    private static final String FIRE_TIMES = """
            {"fireTimes":[{"utc":"2026-11-24T01:00:00Z","local":"2026-11-24T02:00+01:00"},
                          {"utc":"2026-11-25T01:00:00Z","local":"2026-11-25T02:00+01:00"},
                          {"utc":"2026-11-26T01:00:00Z","local":"2026-11-26T02:00+01:00"},
                          {"utc":"2026-11-27T01:00:00Z","local":"2026-11-27T02:00+01:00"},
                          {"utc":"2026-11-28T01:00:00Z","local":"2026-11-28T02:00+01:00"}]}""";

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .post("/api/v1/jobs", (request, response) -> body(request, "Idempotency-Key").flatMap(body ->
                    Mono.from(body.contains("61 * * * *") ? StubBackend.json(response, 400, BAD_CRON)
                            : body.contains("\"heartbeatTimeout\":\"PT2H\"")
                            ? StubBackend.json(response, 400, BAD_HEARTBEAT)
                            : StubBackend.json(response, 201, JobJson.NIGHTLY.replace(JobJson.NIGHTLY_ID, "job_new")))))
            .post("/api/v1/schedules/preview", (request, response) -> body(request, null).flatMap(body ->
                    Mono.from(body.contains("61 * * * *") ? StubBackend.json(response, 400, BAD_CRON)
                            : StubBackend.json(response, 200, FIRE_TIMES))))
            .get("/api/v1/jobs/" + JobJson.NIGHTLY_ID, (request, response) ->
                    StubBackend.json(response, 200, JobJson.NIGHTLY))
            .route(request -> request.method().name().equals("PATCH"), (request, response) ->
                    body(request, "If-Match").flatMap(body -> Mono.from(
                            "\"7\"".equals(request.requestHeaders().get("If-Match"))
                                    ? StubBackend.json(response, 200, JobJson.NIGHTLY)
                                    : StubBackend.json(response, 412, """
                                            {"status":412,"code":"version_conflict",
                                             "detail":"the job is at version 8, not 6"}""")))));

    private static Mono<String> body(HttpServerRequest request, String header) {
        CALLS.add(request.method().name() + " " + request.fullPath()
                + (header == null ? "" : " " + header + "=" + request.requestHeaders().get(header)));
        return request.receive().aggregate().asString().defaultIfEmpty("").doOnNext(BODIES::add);
    }

    @BeforeEach
    void forget() {
        CALLS.clear();
        BODIES.clear();
    }

    /** Posts a form as a browser in the Europe/Berlin display zone would. */
    private WebTestClient.ResponseSpec post(String path, Map<String, String> fields) {
        LinkedMultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        fields.forEach(form::add);
        form.add(CsrfFilter.FIELD, SignedInClient.CSRF);
        return new SignedInClient(port).raw().post().uri(path)
                .cookie(Cookies.ZONE, "Europe/Berlin")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form))
                .exchange();
    }

    private static String html(WebTestClient.ResponseSpec response, int status) {
        String body = response.expectStatus().isEqualTo(status).expectBody(String.class).returnResult()
                .getResponseBody();
        return HtmlUtils.htmlUnescape(body == null ? "" : body);
    }

    /** The opening tag of the element with this id. */
    private static String element(String page, String id) {
        Matcher tag = Pattern.compile("<(input|textarea|select)[^>]*\\bid=\"" + Pattern.quote(id) + "\"[^>]*>")
                .matcher(page);
        assertThat(tag.find()).as("an element with id " + id).isTrue();
        return tag.group();
    }

    /** The nightly job as its edit form shows it. */
    private static Map<String, String> nightlyForm() {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("name", "nightly-report");
        form.put("labels", "env=prod\r\nteam=billing\r\n");
        form.put("scheduleType", "cron");
        form.put("cron", "0 2 * * *");
        form.put("timeZone", "Europe/Berlin");
        form.put("url", "https://example.com/hooks/report");
        form.put("method", "POST");
        form.put("headers", "X-Source: chronohook\r\n");
        form.put("body", "{\"report\":\"daily\"}");
        form.put("maxAttempts", "5");
        form.put("initialDelay", "PT10S");
        form.put("maxDelay", "PT1H");
        form.put("timeout", "PT30S");
        form.put("missedRunPolicy", "fire_once");
        form.put("backfillLimit", "10");
        form.put("overlapPolicy", "allow");
        form.put("deliverySemantics", "at_least_once");
        form.put("spread", "PT0S");
        form.put("flowKey", "team:{labels.team}");
        form.put("priority", "high");
        form.put("longRunningMaxDuration", "6 h");
        form.put("longRunningHeartbeatTimeout", "5 min");
        form.put("version", "7");
        return form;
    }

    @Test
    void aBadCronRefusedByTheBackendIsShownNextToTheCronFieldWithEveryTypedValueKept() {
        Map<String, String> typed = new LinkedHashMap<>();
        typed.put("name", "nightly");
        typed.put("labels", "team=billing\r\nenv=prod");
        typed.put("scheduleType", "cron");
        typed.put("cron", "61 * * * *");
        typed.put("timeZone", "Europe/Berlin");
        typed.put("url", "https://example.com/hook");
        typed.put("method", "PUT");
        typed.put("headers", "X-Source: chronohook");
        typed.put("body", "{\"a\":1}");
        typed.put("maxAttempts", "3");
        typed.put("timeout", "PT45S");
        typed.put("idempotencyKey", "key-1");

        String page = html(post("/jobs", typed), 400);

        assertThat(page).contains("<p class=\"field-error\" id=\"cron-error\">Minute field: 61 is out of range 0-59.</p>");
        assertThat(element(page, "cron")).contains("value=\"61 * * * *\"").contains("aria-invalid=\"true\"")
                .contains("aria-describedby=\"cron-hint cron-error\"");
        assertThat(element(page, "name")).contains("value=\"nightly\"").doesNotContain("aria-invalid");
        assertThat(element(page, "timeZone")).contains("value=\"Europe/Berlin\"");
        assertThat(element(page, "url")).contains("value=\"https://example.com/hook\"");
        assertThat(element(page, "maxAttempts")).contains("value=\"3\"");
        assertThat(element(page, "timeout")).contains("value=\"PT45S\"");
        assertThat(page).contains("<option value=\"PUT\" selected>PUT</option>")
                .contains("id=\"scheduleType-cron\" name=\"scheduleType\" value=\"cron\" checked")
                .contains("team=billing\r\nenv=prod</textarea>")
                .contains("X-Source: chronohook</textarea>")
                .contains("{\"a\":1}</textarea>")
                .contains("name=\"idempotencyKey\" value=\"key-1\"")
                .contains("id=\"form-message\"")
                .contains("<p class=\"field-error\" id=\"preview-error\">Minute field: 61 is out of range 0-59.</p>");
    }

    @Test
    void aLabelLineWithoutAnEqualsSignIsRefusedWithoutCallingTheBackend() {
        Map<String, String> typed = nightlyForm();
        typed.remove("version");
        typed.put("labels", "team=billing\r\nnightly");

        String page = html(post("/jobs", typed), 422);

        assertThat(CALLS).noneMatch(call -> call.startsWith("POST /api/v1/jobs"));
        assertThat(page).contains("<p class=\"field-error\" id=\"labels-error\">Line 2 (“nightly”) is not key=value");
        assertThat(element(page, "labels")).contains("aria-invalid=\"true\"")
                .contains("aria-describedby=\"labels-hint labels-error\"");
        assertThat(page).contains("team=billing\r\nnightly</textarea>");
        assertThat(element(page, "name")).contains("value=\"nightly-report\"");
    }

    @Test
    void headerLinesNumbersAndDatesTheDashboardCannotReadAreShownBesideTheirFields() {
        Map<String, String> typed = nightlyForm();
        typed.remove("version");
        typed.put("headers", "X-Source chronohook");
        typed.put("maxAttempts", "five");
        typed.put("startAt", "next tuesday");

        String page = html(post("/jobs", typed), 422);

        assertThat(CALLS).noneMatch(call -> call.startsWith("POST /api/v1/jobs"));
        assertThat(page).contains("id=\"headers-error\">Line 1 (“X-Source chronohook”) is not Name: value")
                .contains("id=\"maxAttempts-error\">Must be a whole number")
                .contains("id=\"startAt-error\">Must be a date and time");
    }

    @Test
    void creatingAJobPostsOnlyTheFilledFieldsWithTheTimeReadInTheDisplayZone() throws Exception {
        Map<String, String> typed = new LinkedHashMap<>();
        typed.put("name", "launch-mail");
        typed.put("labels", "team=growth\r\n\r\n");
        typed.put("scheduleType", "at");
        typed.put("cron", "0 2 * * *");
        typed.put("timeZone", "Europe/Berlin");
        typed.put("at", "2026-12-01T10:00");
        typed.put("every", "");
        typed.put("startAt", "");
        typed.put("maxRuns", "");
        typed.put("url", "https://example.com/hooks/launch");
        typed.put("method", "POST");
        typed.put("headers", "X-Source: chronohook\r\n");
        typed.put("body", "");
        typed.put("contentType", "");
        typed.put("maxAttempts", "3");
        typed.put("initialDelay", "");
        typed.put("timeout", " ");
        typed.put("missedRunPolicy", "");
        typed.put("spread", "");
        typed.put("idempotencyKey", "key-2");

        post("/jobs", typed).expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/jobs/job_new")
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(java.net.URLDecoder.decode(flash,
                        java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("SUCCESS:Job created."));

        assertThat(CALLS).contains("POST /api/v1/jobs Idempotency-Key=key-2");
        JsonNode sent = JSON.readTree(BODIES.get(CALLS.indexOf("POST /api/v1/jobs Idempotency-Key=key-2")));
        assertThat(sent).isEqualTo(JSON.readTree("""
                {"name":"launch-mail","labels":{"team":"growth"},
                 "schedule":{"type":"at","at":"2026-12-01T09:00:00Z"},
                 "target":{"url":"https://example.com/hooks/launch","method":"POST",
                           "headers":{"X-Source":"chronohook"}},
                 "retry":{"maxAttempts":3}}"""));
    }

    @Test
    void durationsAreTypedAsPeopleSayThemAndSentAsIso() throws Exception {
        Map<String, String> typed = new LinkedHashMap<>();
        typed.put("name", "cache-warmer");
        typed.put("scheduleType", "interval");
        typed.put("every", "15 min");
        typed.put("url", "https://example.com/hooks/warm");
        typed.put("initialDelay", "30s");
        typed.put("maxDelay", "2 h");
        typed.put("maxRetryWindow", "1 day");
        typed.put("timeout", "PT45S");
        typed.put("spread", "1 h 30 min");
        typed.put("idempotencyKey", "key-durations");

        post("/jobs", typed).expectStatus().is3xxRedirection();

        JsonNode sent = JSON.readTree(BODIES.get(CALLS.indexOf("POST /api/v1/jobs Idempotency-Key=key-durations")));
        assertThat(sent.at("/schedule/every").asText()).isEqualTo("PT15M");
        assertThat(sent.at("/retry/initialDelay").asText()).isEqualTo("PT30S");
        assertThat(sent.at("/retry/maxDelay").asText()).isEqualTo("PT2H");
        assertThat(sent.at("/retry/maxRetryWindow").asText()).isEqualTo("PT24H");
        assertThat(sent.at("/timeout").asText()).isEqualTo("PT45S");
        assertThat(sent.at("/spread").asText()).isEqualTo("PT1H30M");
    }

    @Test
    void aDurationTheDashboardCannotReadIsShownBesideItsFieldWithoutCallingTheBackend() {
        Map<String, String> typed = nightlyForm();
        typed.remove("version");
        typed.put("timeout", "soon");

        String page = html(post("/jobs", typed), 422);

        assertThat(CALLS).noneMatch(call -> call.startsWith("POST /api/v1/jobs"));
        assertThat(page).contains("id=\"timeout-error\">Write a duration like 30 s, 5 min, 2 h or 1 h 30 min "
                + "(PT30S works too).");
        assertThat(element(page, "timeout")).contains("value=\"soon\"").contains("aria-invalid=\"true\"");
    }

    @Test
    void theNewJobFormStartsWithACronScheduleInTheDisplayZone() {
        String page = html(new SignedInClient(port).raw().get().uri("/jobs/new").cookie(Cookies.ZONE, "Europe/Berlin")
                .exchange(), 200);

        assertThat(page).contains("<form id=\"job-form\" method=\"post\" action=\"/jobs\"")
                .contains("id=\"save-job\">Create job</button>")
                .contains("name=\"idempotencyKey\" value=\"")
                .contains("id=\"scheduleType-cron\" name=\"scheduleType\" value=\"cron\" checked")
                .contains("<option value=\"POST\" selected>POST</option>")
                .contains("Date and time in your display zone (Europe/Berlin)")
                .contains("<datalist id=\"time-zones\">");
        assertThat(element(page, "timeZone")).contains("value=\"Europe/Berlin\"").contains("list=\"time-zones\"");
        assertThat(element(page, "at")).contains("type=\"datetime-local\"");
        assertThat(CALLS).noneMatch(call -> call.contains("/schedules/preview"));
    }

    @Test
    void theEditFormIsFilledWithTheJobAndPreviewsItsSchedule() throws Exception {
        String page = html(new SignedInClient(port).raw().get().uri("/jobs/" + JobJson.NIGHTLY_ID + "/edit")
                .cookie(Cookies.ZONE, "Europe/Berlin").exchange(), 200);

        assertThat(page).contains("action=\"/jobs/" + JobJson.NIGHTLY_ID + "\"")
                .contains("name=\"version\" value=\"7\"")
                .contains("id=\"save-job\">Save changes</button>")
                .contains("env=prod\nteam=billing\n</textarea>")
                .contains("<ol id=\"preview-times\"")
                .contains("<time datetime=\"2026-11-24T01:00:00Z\">Tue 24 Nov 2026, 02:00</time>")
                .contains("24 Nov, 01:00 UTC");
        assertThat(element(page, "cron")).contains("value=\"0 2 * * *\"");
        assertThat(element(page, "timeout")).contains("value=\"30 s\"");
        assertThat(element(page, "initialDelay")).contains("value=\"10 s\"");
        assertThat(JSON.readTree(BODIES.get(CALLS.indexOf("POST /api/v1/schedules/preview")))).isEqualTo(JSON.readTree(
                "{\"schedule\":{\"type\":\"cron\",\"cron\":\"0 2 * * *\",\"timeZone\":\"Europe/Berlin\"},\"count\":5}"));
    }

    @Test
    void savingAnEditSendsIfMatchAndAMergePatchOfOnlyWhatChanged() throws Exception {
        Map<String, String> typed = nightlyForm();
        typed.put("name", "nightly-report-v2");
        typed.put("labels", "team=billing\r\n");
        typed.put("timeout", "");

        post("/jobs/" + JobJson.NIGHTLY_ID, typed).expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/jobs/" + JobJson.NIGHTLY_ID)
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(flash).contains("Job+saved."));

        String patch = "PATCH /api/v1/jobs/" + JobJson.NIGHTLY_ID + " If-Match=\"7\"";
        assertThat(CALLS).contains(patch);
        assertThat(JSON.readTree(BODIES.get(CALLS.indexOf(patch)))).isEqualTo(JSON.readTree(
                "{\"name\":\"nightly-report-v2\",\"labels\":{\"env\":null},\"timeout\":null}"));
    }

    @Test
    void longRunningWorkIsShownOnTheEditFormAndTurnedOffByEmptyingItsFields() throws Exception {
        String page = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID + "/edit", 200);
        assertThat(element(page, "longRunningMaxDuration")).contains("value=\"6 h\"");
        assertThat(element(page, "longRunningHeartbeatTimeout")).contains("value=\"5 min\"");

        Map<String, String> typed = nightlyForm();
        typed.put("longRunningHeartbeatTimeout", "10 min");
        post("/jobs/" + JobJson.NIGHTLY_ID, typed).expectStatus().is3xxRedirection();
        typed.put("longRunningMaxDuration", "");
        typed.put("longRunningHeartbeatTimeout", "");
        post("/jobs/" + JobJson.NIGHTLY_ID, typed).expectStatus().is3xxRedirection();

        List<JsonNode> patches = new ArrayList<>();
        for (int i = 0; i < CALLS.size(); i++) {
            if (CALLS.get(i).startsWith("PATCH ")) {
                patches.add(JSON.readTree(BODIES.get(i)));
            }
        }
        assertThat(patches).containsExactly(
                JSON.readTree("{\"longRunning\":{\"heartbeatTimeout\":\"PT10M\"}}"),
                JSON.readTree("{\"longRunning\":null}"));
    }

    @Test
    void theFlowKeyAndPriorityAreOnTheEditFormAndChangesGoOutAsAPatch() throws Exception {
        String page = new SignedInClient(port).page("/jobs/" + JobJson.NIGHTLY_ID + "/edit", 200);
        assertThat(element(page, "flowKey")).contains("value=\"team:{labels.team}\"");
        assertThat(page).contains("<option value=\"high\" selected>");

        Map<String, String> typed = nightlyForm();
        typed.put("flowKey", "");
        typed.put("priority", "low");
        post("/jobs/" + JobJson.NIGHTLY_ID, typed).expectStatus().is3xxRedirection();

        String patch = "PATCH /api/v1/jobs/" + JobJson.NIGHTLY_ID + " If-Match=\"7\"";
        assertThat(JSON.readTree(BODIES.get(CALLS.indexOf(patch)))).isEqualTo(JSON.readTree(
                "{\"flowKey\":null,\"priority\":\"low\"}"));
    }

    @Test
    void aNewLongRunningJobSendsBothDeadlinesAndTheBackendsRefusalLandsBesideTheField() throws Exception {
        Map<String, String> typed = new LinkedHashMap<>();
        typed.put("name", "warehouse-export");
        typed.put("scheduleType", "now");
        typed.put("url", "https://example.com/hooks/export");
        typed.put("longRunningMaxDuration", "1 h");
        typed.put("longRunningHeartbeatTimeout", "2 h");
        typed.put("idempotencyKey", "key-3");

        String page = html(post("/jobs", typed), 400);

        assertThat(JSON.readTree(BODIES.getFirst()).get("longRunning")).isEqualTo(JSON.readTree(
                "{\"maxDuration\":\"PT1H\",\"heartbeatTimeout\":\"PT2H\"}"));
        assertThat(page).contains("<p class=\"field-error\" id=\"longRunningHeartbeatTimeout-error\">"
                + "Must not be longer than maxDuration.</p>");
        assertThat(element(page, "longRunningMaxDuration")).contains("value=\"1 h\"");
    }

    @Test
    void aStaleVersionShowsThatSomeoneElseChangedTheJobAndKeepsTheTypedValues() {
        Map<String, String> typed = nightlyForm();
        typed.put("name", "nightly-report-v2");
        typed.put("version", "6");

        String page = html(post("/jobs/" + JobJson.NIGHTLY_ID, typed), 412);

        assertThat(CALLS).contains("PATCH /api/v1/jobs/" + JobJson.NIGHTLY_ID + " If-Match=\"6\"");
        assertThat(page).contains("<p class=\"flash flash-error\" role=\"alert\" id=\"form-message\">"
                + "Someone changed this job meanwhile — reload to see their version.</p>");
        assertThat(element(page, "name")).contains("value=\"nightly-report-v2\"");
        assertThat(page).contains("name=\"version\" value=\"6\"");
    }

    @Test
    void thePreviewFragmentListsTheNextFiveFireTimesInTheZoneAndInUtc() throws Exception {
        String fragment = html(new SignedInClient(port).post("/jobs/preview",
                Map.of("scheduleType", "cron", "cron", "0 2 * * *", "timeZone", "Europe/Berlin")), 200);

        assertThat(fragment).doesNotContain("<html").contains("<ol id=\"preview-times\"")
                .contains("<time datetime=\"2026-11-28T01:00:00Z\">Sat 28 Nov 2026, 02:00</time>")
                .contains("28 Nov, 01:00 UTC").contains("Times in Europe/Berlin, and in UTC.");
        assertThat(fragment.split("<li>", -1)).hasSize(6);
        assertThat(JSON.readTree(BODIES.getFirst())).isEqualTo(JSON.readTree(
                "{\"schedule\":{\"type\":\"cron\",\"cron\":\"0 2 * * *\",\"timeZone\":\"Europe/Berlin\"},\"count\":5}"));
    }

    @Test
    void anIntervalIsPreviewedInTheDisplayZoneAndInUtc() {
        String fragment = html(post("/jobs/preview", Map.of("scheduleType", "interval", "every", "PT24H")), 200);

        assertThat(fragment).contains("<time datetime=\"2026-11-24T01:00:00Z\">Tue 24 Nov 2026, 02:00</time>")
                .contains("<span class=\"offset\">+01:00</span> <span class=\"utc\">24 Nov, 01:00 UTC</span>")
                .contains("Times in Europe/Berlin, and in UTC.");
    }

    @Test
    void thePreviewFragmentGivesTheBackendsReasonForABadCron() {
        String fragment = html(new SignedInClient(port).post("/jobs/preview",
                Map.of("scheduleType", "cron", "cron", "61 * * * *", "timeZone", "UTC")), 200);

        assertThat(fragment).contains("<p class=\"field-error\" id=\"preview-error\">"
                + "Minute field: 61 is out of range 0-59.</p>").doesNotContain("preview-times");
    }

    @Test
    void thePreviewFragmentAcceptsTheCsrfTokenAsAHeaderAsTheScriptSendsIt() {
        String fragment = html(new SignedInClient(port).raw().post().uri("/jobs/preview")
                .header(CsrfFilter.HEADER, SignedInClient.CSRF)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("scheduleType", "interval").with("every", "PT15M"))
                .exchange(), 200);

        assertThat(fragment).contains("<ol id=\"preview-times\"").contains("Times in UTC.")
                .doesNotContain("class=\"utc\"");
        assertThat(BODIES.getFirst()).contains("\"type\":\"interval\"").contains("\"every\":\"PT15M\"");
    }
}
