package io.chronohook.dashboard.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.session.CsrfFilter;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;

class AlertsPageTest extends PageTest {

    AlertsPageTest() {
        super(BACKEND);
    }

    private static final List<String> RECEIVED = new CopyOnWriteArrayList<>();
    private static final AtomicBoolean ENABLED = new AtomicBoolean(true);

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/alerts/settings", (request, response) -> StubBackend.json(response, 200, ENABLED.get()
                    ? """
                    {"enabled":true,"url":"https://hooks.example.com/alerts","failingThreshold":3,
                     "missedWindowAfter":"PT2M","cooldown":"PT30M","events":["run.dead_lettered","job.failing"],
                     "updatedAt":"2026-11-23T09:00:00Z"}"""
                    : """
                    {"enabled":false,"url":null,"failingThreshold":5,"missedWindowAfter":"PT1M","cooldown":"PT1H",
                     "events":["run.dead_lettered","job.failing","run.missed_window","run.timed_out",
                               "job.auto_paused"],
                     "updatedAt":null}"""))
            .get("/api/v1/alerts", (request, response) -> StubBackend.json(response, 200, """
                    {"items":[
                      {"id":"alr_02","type":"job.failing","state":"delivered","jobId":"job_07","runId":"run_09",
                       "data":{"jobId":"job_07","jobName":"nightly report","runId":"run_09","failedRuns":3},
                       "attempts":1,"suppressed":4,"lastStatusCode":200,"lastError":null,
                       "createdAt":"2026-11-23T08:00:00Z","finishedAt":"2026-11-23T08:00:01Z"},
                      {"id":"alr_015","type":"run.timed_out","state":"delivered","jobId":"job_08","runId":"run_10",
                       "data":{"jobId":"job_08","jobName":"export","runId":"run_10","attempt":2,
                               "reason":"no_heartbeat","willRetry":true},
                       "attempts":1,"suppressed":0,"lastStatusCode":200,"lastError":null,
                       "createdAt":"2026-11-22T09:00:00Z","finishedAt":"2026-11-22T09:00:01Z"},
                      {"id":"alr_01","type":"run.dead_lettered","state":"failed","jobId":"job_07","runId":"run_08",
                       "data":{"jobId":"job_07","jobName":"nightly report","runId":"run_08","attempts":5},
                       "attempts":8,"suppressed":0,"lastStatusCode":503,
                       "lastError":"the alert webhook answered HTTP 503",
                       "createdAt":"2026-11-22T08:00:00Z","finishedAt":"2026-11-22T12:00:00Z"}],
                     "nextCursor":null}"""))
            .put("/api/v1/alerts/settings", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        RECEIVED.add("PUT " + body);
                        return Mono.from(body.contains("internal")
                                ? StubBackend.json(response, 400, """
                                        {"status":400,"code":"target_not_allowed","detail":"2 fields are invalid",
                                         "errors":[{"field":"url","message":"resolves to a private address",
                                                    "code":"target_not_allowed"},
                                                   {"field":"events[0]","message":"must be one of the events"}]}""")
                                : StubBackend.json(response, 200, """
                                        {"enabled":true,"url":"https://hooks.example.com/new","failingThreshold":4,
                                         "missedWindowAfter":"PT1M","cooldown":"PT1H","events":["job.failing"],
                                         "updatedAt":"2026-11-23T10:00:00Z"}"""));
                    }))
            .post("/api/v1/alerts/test", (request, response) -> {
                RECEIVED.add("POST /api/v1/alerts/test");
                return StubBackend.json(response, 202, """
                        {"id":"alr_03","type":"alert.test","state":"pending","data":{},"attempts":0,"suppressed":0,
                         "createdAt":"2026-11-23T10:00:00Z"}""");
            })
            .delete("/api/v1/alerts/settings", (request, response) -> {
                RECEIVED.add("DELETE /api/v1/alerts/settings");
                return response.status(204).send();
            }));

    @BeforeEach
    void reset() {
        RECEIVED.clear();
        ENABLED.set(true);
    }

    @Test
    void thePageShowsTheSettingsAndRecentAlertsWithTheirDelivery() {
        String page = HtmlUtils.htmlUnescape(client.page("/settings/alerts", 200));

        assertThat(page)
                .contains("<a href=\"/settings/alerts\" class=\"active\"")
                .contains("value=\"https://hooks.example.com/alerts\"")
                .contains("name=\"failingThreshold\" inputmode=\"numeric\" value=\"3\"")
                .contains("value=\"PT2M\"").contains("value=\"PT30M\"")
                .containsPattern("id=\"event-job-failing\" name=\"events\" value=\"job.failing\" checked\\s*>")
                .containsPattern("id=\"event-job-auto-paused\" name=\"events\" value=\"job.auto_paused\"\\s*>")
                .contains("id=\"send-test-alert\"").contains("id=\"turn-alerts-off\"")
                .contains("<a href=\"/runs/run_09\">“nightly report” failing: its last 3 runs ended dead</a>")
                .contains("<a href=\"/runs/run_10\">Run of “export” timed out (no heartbeat) on attempt 2, "
                        + "retrying</a>")
                .containsPattern("id=\"event-run-timed-out\" name=\"events\" value=\"run.timed_out\"\s*>")
                .contains("4 held back before it")
                .contains("<span class=\"badge state-delivered\">delivered</span>")
                .contains("<span class=\"badge state-failed\">failed</span>")
                .contains("8 tries")
                .contains("the alert webhook answered HTTP 503");
    }

    @Test
    void withAlertsOffTheFormShowsTheDefaultsAndNoTestButton() {
        ENABLED.set(false);

        String page = HtmlUtils.htmlUnescape(client.page("/settings/alerts", 200));

        assertThat(page)
                .contains("<span class=\"badge state-paused\">off</span>")
                .contains("name=\"failingThreshold\" inputmode=\"numeric\" value=\"5\"")
                .containsPattern("id=\"event-job-auto-paused\" name=\"events\" value=\"job.auto_paused\" checked\\s*>")
                .containsPattern("id=\"event-run-timed-out\" name=\"events\" value=\"run.timed_out\" checked\\s*>")
                .doesNotContain("id=\"send-test-alert\"");
    }

    @Test
    void savingSendsTheSettingsAndSaysSo() {
        String flash = client.raw().post().uri("/settings/alerts")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form("https://hooks.example.com/new", "4", "job.failing")))
                .exchange()
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/settings/alerts")
                .returnResult(Void.class).getResponseHeaders().get("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith(Cookies.FLASH + "=")).findFirst().orElseThrow();

        assertThat(RECEIVED).singleElement().asString()
                .contains("\"url\":\"https://hooks.example.com/new\"")
                .contains("\"failingThreshold\":4")
                .contains("\"missedWindowAfter\":\"PT1M\"")
                .contains("\"events\":[\"job.failing\"]");
        assertThat(URLDecoder.decode(flash, StandardCharsets.UTF_8)).contains("Alert settings saved.");
    }

    @Test
    void refusedFieldsAreShownBesideThemWithWhatWasTypedKept() {
        String page = refusedPage(form("https://internal.example/alerts", "7", "job.failing"));

        assertThat(page)
                .contains("<p class=\"field-error\" id=\"alert-url-error\">resolves to a private address</p>")
                .contains("<p class=\"field-error\" id=\"alert-events-error\">must be one of the events</p>")
                .contains("value=\"https://internal.example/alerts\"")
                .contains("name=\"failingThreshold\" inputmode=\"numeric\" value=\"7\"")
                .contains("aria-describedby=\"alert-url-hint alert-url-error\"");
    }

    @Test
    void aThresholdThatIsNotANumberIsRefusedWithoutCallingTheBackend() {
        String page = refusedPage(form("https://hooks.example.com/new", "five", "job.failing"));

        assertThat(RECEIVED).isEmpty();
        assertThat(page).contains("<p class=\"field-error\" id=\"alert-threshold-error\">must be a whole number</p>");
    }

    @Test
    void theTestButtonQueuesATestAlertAndTurningOffDeletesTheSettings() {
        client.post("/settings/alerts/test", Map.of())
                .expectStatus().is3xxRedirection().expectHeader().valueEquals("Location", "/settings/alerts");
        client.post("/settings/alerts/off", Map.of())
                .expectStatus().is3xxRedirection().expectHeader().valueEquals("Location", "/settings/alerts");

        assertThat(RECEIVED).containsExactly("POST /api/v1/alerts/test", "DELETE /api/v1/alerts/settings");
    }

    private String refusedPage(MultiValueMap<String, String> form) {
        return HtmlUtils.htmlUnescape(client.raw().post().uri("/settings/alerts")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData(form))
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody(String.class).returnResult().getResponseBody());
    }

    private static MultiValueMap<String, String> form(String url, String threshold, String... events) {
        MultiValueMap<String, String> form = new LinkedMultiValueMap<>();
        form.add("url", url);
        form.add("failingThreshold", threshold);
        form.add("missedWindowAfter", "PT1M");
        form.add("cooldown", "PT1H");
        for (String event : events) {
            form.add("events", event);
        }
        form.add(CsrfFilter.FIELD, SignedInClient.CSRF);
        return form;
    }
}
