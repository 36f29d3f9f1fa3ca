package io.chronohook.dashboard.endpoints;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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

    static final AtomicReference<String> ENDPOINTS = new AtomicReference<>(THREE_HOSTS);

    static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/endpoints", (request, response) -> StubBackend.json(response, 200, ENDPOINTS.get())));

    @BeforeEach
    void signIn() {
        ENDPOINTS.set(THREE_HOSTS);
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
