package io.chronohook.dashboard.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.support.PageTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;

class EndpointsPageTest extends PageTest {

    EndpointsPageTest() {
        super(BACKEND);
    }

    static final String THREE_HOSTS = """
            {"items":[
              {"host":"api.example.com","circuitState":"closed","attempts24h":40,"successRate":0.975,
               "lastAttemptAt":"2026-11-23T07:00:00Z","lastError":"no answer within 30 s",
               "lastErrorAt":"2026-11-23T05:00:00Z"},
              {"host":"down.example.com","circuitState":"open","attempts24h":12,"successRate":0.25,
               "lastAttemptAt":"2026-11-23T07:10:00Z","lastError":"the receiver answered HTTP 503",
               "lastErrorAt":"2026-11-23T07:10:00Z"},
              {"host":"flaky.example.com","circuitState":"half_open","attempts24h":3,"successRate":0.5,
               "lastAttemptAt":"2026-11-23T07:11:00Z","lastError":null,"lastErrorAt":null}],
             "nextCursor":null}""";

    static final String ALL_CLOSED = """
            {"items":[{"host":"api.example.com","circuitState":"closed","attempts24h":2,"successRate":1.0,
               "lastAttemptAt":"2026-11-23T07:00:00Z"}],"nextCursor":null}""";

    static final String LIMITED = """
            {"items":[
              {"host":"api.example.com","circuitState":"closed","attempts24h":40,"successRate":1.0,
               "limits":{"maxInFlight":10,"rate":{"limit":20,"period":"PT1S","burst":40},"source":"tenant",
                         "inFlight":3,"waiting":5}},
              {"host":"other.example.com","circuitState":"closed","attempts24h":2,"successRate":1.0,
               "limits":{"maxInFlight":100,"source":"plan","inFlight":0,"waiting":0}}],
             "nextCursor":null}""";

    static final String KEYS = """
            {"items":[{"key":"_default","weight":1,"maxInFlight":2,"inFlight":null,"waiting":null},
                      {"key":"customer:acme-7","weight":5,"maxInFlight":3,"rate":{"limit":100,"period":"PT1M",
                       "burst":100},"inFlight":1,"waiting":4}]}""";

    static final AtomicReference<String> ENDPOINTS = new AtomicReference<>(THREE_HOSTS);
    static final AtomicReference<String> FLOW_KEYS = new AtomicReference<>("{\"items\":[]}");
    /** "METHOD path body" of every change the stand-in backend got. */
    static final List<String> CHANGES = new CopyOnWriteArrayList<>();

    static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/endpoints", (request, response) -> StubBackend.json(response, 200, ENDPOINTS.get()))
            .get("/api/v1/flow-keys", (request, response) -> StubBackend.json(response, 200, FLOW_KEYS.get()))
            .put("/api/v1/endpoints/{host}/limits", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        CHANGES.add("PUT " + request.uri() + " " + body);
                        return Mono.from(body.contains("\"maxInFlight\":0")
                                ? StubBackend.json(response, 400, """
                                        {"status":400,"code":"validation_failed","detail":"1 field is invalid",
                                         "errors":[{"field":"maxInFlight","message":"must be between 1 and 100000"}]}""")
                                : StubBackend.json(response, 200, "{}"));
                    }))
            .delete("/api/v1/endpoints/{host}/limits", (request, response) -> {
                CHANGES.add("DELETE " + request.uri());
                return response.status(204).send();
            })
            .put("/api/v1/flow-keys/{key}", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        CHANGES.add("PUT " + request.uri() + " " + body);
                        return Mono.from(StubBackend.json(response, 200, "{}"));
                    })));

    @BeforeEach
    void signIn() {
        ENDPOINTS.set(THREE_HOSTS);
        FLOW_KEYS.set("{\"items\":[]}");
        CHANGES.clear();
    }

    @Test
    void aLimitedHostShowsItsRequestsInFlightAgainstTheLimitItsRateAndItsWaitingRuns() {
        ENDPOINTS.set(LIMITED);
        FLOW_KEYS.set(KEYS);

        String page = HtmlUtils.htmlUnescape(client.page("/endpoints", 200));

        assertThat(page).contains("<span style=\"width: 30.0%\"></span>")
                .contains("3 of 10 in flight · 20 per 1 s, bursts of 40 · <strong class=\"waiting\">5 waiting</strong>")
                .contains("0 of 100 in flight · your plan's default")
                .contains("aria-label=\"Remove the limits of api.example.com\"")
                .doesNotContain("aria-label=\"Remove the limits of other.example.com\"")
                .contains("<option value=\"api.example.com\"></option>")
                // Waiting runs: the page follows them by itself.
                .contains("data-refresh=\"10\"");
        assertThat(page).contains("<th scope=\"row\" class=\"mono\">customer:acme-7</th>")
                .contains("1 of 3 in flight").contains("100 per 1 min")
                .contains("<td data-label=\"Waiting\" class=\"num\">4</td>")
                .contains("at most 2");
    }

    @Test
    void settingAHostsLimitsSendsThemAndSaysSo() {
        client.post("/endpoints/limits", Map.of("host", "API.example.com", "maxInFlight", "10", "rateLimit", "20",
                        "ratePeriod", "1 s", "rateBurst", ""))
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/endpoints")
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(URLDecoder.decode(flash,
                        StandardCharsets.UTF_8)).contains("Limits of api.example.com saved."));

        assertThat(CHANGES).singleElement().asString()
                .startsWith("PUT /api/v1/endpoints/api.example.com/limits ")
                .endsWith("{\"maxInFlight\":10,\"rate\":{\"limit\":20,\"period\":\"PT1S\"}}");
    }

    @Test
    void limitsThatCannotBeReadOrThatTheBackendRefusesAreNotSavedAndSaySo() {
        client.post("/endpoints/limits", Map.of("host", "api.example.com", "maxInFlight", "ten",
                        "ratePeriod", "1 s"))
                .expectStatus().is3xxRedirection()
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(URLDecoder.decode(flash,
                        StandardCharsets.UTF_8)).contains("in flight at most: Must be a whole number.")
                        .contains("rate: Give the number of requests per period"));
        assertThat(CHANGES).isEmpty();

        client.post("/endpoints/limits", Map.of("host", "api.example.com", "maxInFlight", "0"))
                .expectStatus().is3xxRedirection()
                .expectCookie().value(Cookies.FLASH, flash -> assertThat(URLDecoder.decode(flash,
                        StandardCharsets.UTF_8)).contains("Not saved: in flight at most: must be between 1 and 100000"));
    }

    @Test
    void aFlowKeyIsSetWithItsWeightAndLimitsAndRemoved() {
        client.post("/endpoints/flow-keys", Map.of("key", "customer:acme-7", "weight", "5", "maxInFlight", "3",
                        "rateLimit", "100", "ratePeriod", "1 min"))
                .expectStatus().is3xxRedirection();
        client.post("/endpoints/limits/remove", Map.of("host", "api.example.com"))
                .expectStatus().is3xxRedirection();

        assertThat(CHANGES).containsExactly(
                "PUT /api/v1/flow-keys/customer%3Aacme-7 {\"weight\":5,\"maxInFlight\":3,"
                        + "\"rate\":{\"limit\":100,\"period\":\"PT1M\"}}",
                "DELETE /api/v1/endpoints/api.example.com/limits");
    }

    @Test
    void eachHostShowsItsCircuitStateInWordsAsWellAsColour() {
        String page = client.page("/endpoints", 200);

        assertThat(page).contains("<title>Endpoints · Chronohook</title>")
                .contains("<th scope=\"row\" class=\"mono host\">api.example.com</th>")
                .contains("<span class=\"badge state-closed\">closed</span>")
                .contains("<span class=\"badge state-open\">open</span>")
                .contains("<span class=\"badge state-half-open\">half open</span>")
                .contains("2 with an open or half-open circuit");
    }

    @Test
    void theSuccessRateIsAPercentWithABarColouredByHowGoodItIs() {
        String page = client.page("/endpoints", 200);

        assertThat(page).contains("<span class=\"bar ok\" aria-hidden=\"true\"><span style=\"width: 97.5%\"></span>")
                .contains("97.5 %")
                .contains("<span class=\"bar bad\" aria-hidden=\"true\"><span style=\"width: 25.0%\"></span>")
                .contains("25 %");
    }

    @Test
    void theLastErrorShowsWithWhenItHappened() {
        String page = client.page("/endpoints", 200);

        assertThat(page).contains("the receiver answered HTTP 503")
                .contains("<time datetime=\"2026-11-23T07:10:00Z\"")
                .containsPattern("<td data-label=\"Last error\" class=\"last-error\">\\s*<span class=\"muted\">none</span>")
                .contains("<td data-label=\"Attempts 24 h\" class=\"num\">40</td>");
    }

    @Test
    void thePageExplainsThatAnOpenCircuitDefersRunsWithoutUsingAttempts() {
        assertThat(client.page("/endpoints", 200)).contains("What the circuit states mean")
                .contains("without using up one of their attempts").contains("probe calls");
    }

    @Test
    void thePageRefreshesItselfWhileACircuitIsNotClosed() {
        assertThat(client.page("/endpoints", 200)).contains("data-refresh=\"10\"");
        ENDPOINTS.set(ALL_CLOSED);
        assertThat(client.page("/endpoints", 200)).doesNotContain("data-refresh").contains("every circuit closed")
                .contains("100 %");
    }

    @Test
    void noEndpointsShowsTheEmptyState() {
        ENDPOINTS.set("{\"items\":[],\"nextCursor\":null}");

        assertThat(client.page("/endpoints", 200)).contains("No endpoints called in the last 24 hours")
                .doesNotContain("<table");
    }
}
