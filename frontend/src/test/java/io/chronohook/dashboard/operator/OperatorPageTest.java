package io.chronohook.dashboard.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.support.Redirect;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.util.HtmlUtils;
import reactor.netty.http.server.HttpServerRequest;

class OperatorPageTest extends PageTest {

    OperatorPageTest() {
        super(BACKEND);
    }

    /** The operator token of the stand-in backend. */
    private static final String RIGHT = "right operator/token+1";
    /** An operator token of a backend that has no stats route yet. */
    private static final String OLD_BACKEND = "token-of-an-older-api";

    private static final String STATS = """
            {"at":"2026-11-23T06:00:00Z","window":"PT1M",
             "fireLag":{"samples":5120,"p50Ms":38.0,"p90Ms":140.0,"p99Ms":1234.0,"maxMs":5210.0},
             "deliveriesPerSecond":12.5,"attemptsPerSecond":14.25,
             "outcomes":{"failed":40,"delivered":750,"accepted":0,"rejected":10,"blocked":0,"lost":0},
             "queues":{"gate":4321,"ready":87,"retryWait":12,"deadRuns":3},
             "busiestTenants":[{"tenantId":"ten_0000000000000000000000000000beef","ready":80}]}""";
    private static final String PLANS = """
            {"items":[{"code":"pro","name":"Pro","maxJobs":2000,"executionsPerMonth":1000000,
              "dispatchRatePerSecond":50,"dispatchBurst":200,"fairShareWeight":4,"minIntervalSeconds":10,
              "maxPayloadBytes":262144,"historyRetentionDays":30,"apiRequestsPerSecond":50,
              "monthlyPriceCents":2900,"overageCentsPer1000":50},
             {"code":"unlimited","name":"Unlimited","maxJobs":9223372036854775807,
              "executionsPerMonth":9223372036854775807,"dispatchRatePerSecond":1000000,"dispatchBurst":1000000,
              "fairShareWeight":16,"minIntervalSeconds":1,"maxPayloadBytes":1048576,"historyRetentionDays":30,
              "apiRequestsPerSecond":100000,"monthlyPriceCents":0,"overageCentsPer1000":0}],"nextCursor":null}""";
    private static final String NODE_A = "node_0a1b2c3d000000000000000000000001";
    private static final String NODE_B = "node_0e0f0a0b000000000000000000000002";
    private static final String NODE_C = "node_0c0c0c0c000000000000000000000003";
    private static final String NODES = """
            {"items":[
             {"id":"%s","host":"vm-1/4242","roles":"api,worker","version":"0.1.0","startedAt":"2026-11-23T05:00:00Z",
              "lastHeartbeatAt":"2026-11-23T05:59:59Z","inFlight":1234,"drainRequested":false,"state":"active"},
             {"id":"%s","host":"vm-2/77","roles":"worker","version":"0.1.0","startedAt":"2026-11-23T05:00:00Z",
              "lastHeartbeatAt":"2026-11-23T05:59:59Z","inFlight":0,"drainRequested":true,"state":"drained"},
             {"id":"%s","host":"vm-3/9","roles":"api,worker","version":"0.1.0","startedAt":"2026-11-22T05:00:00Z",
              "lastHeartbeatAt":"2026-11-23T05:50:00Z","inFlight":3,"drainRequested":false,"state":"dead"}],
             "nextCursor":null}""".formatted(NODE_A, NODE_B, NODE_C);
    /** The node actions the stand-in backend was asked for, as "drain node_…". */
    private static final List<String> ACTIONS = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static final String UNAUTHORIZED = "{\"status\":401,\"code\":\"unauthorized\",\"detail\":\"invalid token\"}";

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/operator/stats", (request, response) -> bearer(request).equals(RIGHT)
                    ? StubBackend.json(response, 200, STATS)
                    : bearer(request).equals(OLD_BACKEND)
                            ? StubBackend.json(response, 404, "{\"status\":404,\"code\":\"not_found\"}")
                            : StubBackend.json(response, 401, UNAUTHORIZED))
            .get("/api/v1/operator/plans", (request, response) -> List.of(RIGHT, OLD_BACKEND).contains(bearer(request))
                    ? StubBackend.json(response, 200, PLANS)
                    : StubBackend.json(response, 401, UNAUTHORIZED))
            .get("/api/v1/operator/nodes", (request, response) -> bearer(request).equals(RIGHT)
                    ? StubBackend.json(response, 200, NODES)
                    : StubBackend.json(response, 404, "{\"status\":404,\"code\":\"not_found\"}"))
            .post("/api/v1/operator/nodes/{id}/{action}", (request, response) -> {
                if (!bearer(request).equals(RIGHT)) {
                    return StubBackend.json(response, 401, UNAUTHORIZED);
                }
                if (!List.of(NODE_A, NODE_B).contains(request.param("id"))) {
                    return StubBackend.json(response, 404, "{\"status\":404,\"code\":\"not_found\"}");
                }
                ACTIONS.add(request.param("action") + " " + request.param("id"));
                return StubBackend.json(response, 200, "{\"id\":\"" + request.param("id") + "\"}");
            }));

    private static String bearer(HttpServerRequest request) {
        String header = request.requestHeaders().get("Authorization");
        return header == null ? "" : header.substring("Bearer ".length());
    }

    private String operatorCookie(WebTestClient.ResponseSpec response) {
        return response.returnResult(Void.class).getResponseHeaders().getOrEmpty("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith(Cookies.OPERATOR + "=")).findFirst().orElse(null);
    }

    private String operatorPage(String cookieValue, int status) {
        return HtmlUtils.htmlUnescape(client.raw().get().uri("/operator").cookie(Cookies.OPERATOR, cookieValue)
                .exchange().expectStatus().isEqualTo(status)
                .expectBody(String.class).returnResult().getResponseBody());
    }

    @Test
    void aWrongOperatorTokenStaysOnTheFormWithAnErrorAndSetsNoCookie() {
        WebTestClient.ResponseSpec response = client.post("/operator/login", Map.of("token", "a guess"));

        String page = HtmlUtils.htmlUnescape(response.expectStatus().isUnauthorized()
                .expectBody(String.class).returnResult().getResponseBody());
        assertThat(page).contains("id=\"operator-token\" name=\"token\" type=\"password\"")
                .contains("id=\"operator-token-error\" role=\"alert\">That is not this installation's operator token.")
                .doesNotContain("a guess");
        assertThat(operatorCookie(client.post("/operator/login", Map.of("token", "a guess")))).isNull();
    }

    @Test
    void theRightTokenIsKeptInAnHttpOnlyStrictCookieAndTheOperatorPageShowsTheStats() {
        WebTestClient.ResponseSpec response = client.post("/operator/login", Map.of("token", RIGHT))
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/operator");
        String cookie = operatorCookie(response);

        assertThat(cookie).isNotNull().containsIgnoringCase("HttpOnly").contains("SameSite=Strict");
        String value = cookie.substring(Cookies.OPERATOR.length() + 1, cookie.indexOf(';'));
        assertThat(operatorPage(value, 200))
                .contains("id=\"fire-lag-p50\">38 ms<")
                .contains("id=\"fire-lag-p99\">1.2 s<")
                .contains("id=\"fire-lag-max\">5.2 s<")
                .contains("id=\"deliveries-per-second\">12.5<")
                .contains("id=\"attempts-per-second\">14.25<")
                .contains("id=\"gate-depth\">4,321<")
                .contains("id=\"ready-depth\">87<")
                .containsPattern("state-delivered\">delivered</span>\\s*</td><td class=\"num\">750</td><td class=\"num\">94%</td>")
                .contains("ten_0000000000000000000000000000beef")
                .contains("data-refresh=\"5\"");
    }

    @Test
    void theOperatorPageUsesTheOperatorChromeAndListsThePlanCatalogue() {
        String page = operatorPage(java.net.URLEncoder.encode(RIGHT, java.nio.charset.StandardCharsets.UTF_8), 200);

        assertThat(page)
                .contains("<a href=\"/operator\" class=\"active\" aria-current=\"page\">Operator</a>")
                .doesNotContain("href=\"/jobs\" class=")
                .contains("<form method=\"post\" action=\"/operator/logout\">")
                .contains("<strong>Pro</strong><span class=\"sub mono\">pro</span>")
                .contains("<td class=\"num\">50/s (200)</td>")
                .contains("<td class=\"num\">no limit</td>")
                .contains("<td class=\"num\">$29.00<span class=\"sub\">+$0.50/1k over</span></td>");
    }

    @Test
    void theOperatorSeesEveryNodeAndDrainsOneAndLetsADrainedOneTakeRunsAgain() {
        String cookie = java.net.URLEncoder.encode(RIGHT, java.nio.charset.StandardCharsets.UTF_8);
        String page = operatorPage(cookie, 200);

        assertThat(page).contains("id=\"nodes-title\"")
                .contains("<strong class=\"mono\">node_0a1b2c3d</strong><span class=\"sub mono\">vm-1/4242</span>")
                .contains("state-active\">active</span>").contains("state-drained\">drained</span>")
                .contains("state-dead\">dead</span>")
                .contains("<td class=\"num\">1,234</td>")
                .contains("action=\"/operator/nodes/" + NODE_A + "/drain\"")
                .contains("action=\"/operator/nodes/" + NODE_B + "/undrain\"")
                .doesNotContain("action=\"/operator/nodes/" + NODE_C);

        ACTIONS.clear();
        Redirect drained = Redirect.of(nodeAction(cookie, NODE_A, "drain"));
        assertThat(drained.location()).isEqualTo("/operator");
        assertThat(drained.flash()).contains("node_0a1b2c3d drains");
        Redirect undrained = Redirect.of(nodeAction(cookie, NODE_B, "undrain"));
        assertThat(undrained.flash()).contains("node_0e0f0a0b takes runs again");
        assertThat(ACTIONS).containsExactly("drain " + NODE_A, "undrain " + NODE_B);

        Redirect gone = Redirect.of(nodeAction(cookie, NODE_C, "drain"));
        assertThat(gone.flash()).contains("no longer listed");
        client.raw().post().uri("/operator/nodes/" + NODE_A + "/drain").exchange()
                .expectStatus().isForbidden();
    }

    private WebTestClient.ResponseSpec nodeAction(String cookie, String node, String action) {
        org.springframework.util.LinkedMultiValueMap<String, String> form = new org.springframework.util.LinkedMultiValueMap<>();
        form.add(io.chronohook.dashboard.session.CsrfFilter.FIELD, io.chronohook.dashboard.support.SignedInClient.CSRF);
        return client.raw().post().uri("/operator/nodes/" + node + "/" + action)
                .cookie(Cookies.OPERATOR, cookie)
                .contentType(org.springframework.http.MediaType.APPLICATION_FORM_URLENCODED)
                .body(org.springframework.web.reactive.function.BodyInserters.fromFormData(form))
                .exchange().expectStatus().is3xxRedirection();
    }

    @Test
    void theOperatorPageWithoutTheCookieSendsTheVisitorToTheOperatorSignIn() {
        client.raw().get().uri("/operator").exchange()
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/operator/login");
    }

    @Test
    void aTokenTheBackendNoLongerAcceptsIsDroppedAndTheOperatorSignsInAgain() {
        WebTestClient.ResponseSpec response = client.raw().get().uri("/operator")
                .cookie(Cookies.OPERATOR, "an-old-token").exchange()
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/operator/login");

        assertThat(operatorCookie(response)).contains("Max-Age=0");
    }

    @Test
    void aBackendWithoutTheStatsRouteStillSignsInAndShowsThePlanCatalogueWithANote() {
        client.post("/operator/login", Map.of("token", OLD_BACKEND)).expectStatus().is3xxRedirection();

        assertThat(operatorPage(OLD_BACKEND, 200))
                .contains("id=\"stats-missing\"")
                .contains("<strong>Unlimited</strong>")
                .doesNotContain("id=\"fire-lag-p99\"")
                .doesNotContain("id=\"nodes-title\"");
    }

    @Test
    void signingOutClearsTheOperatorCookie() {
        WebTestClient.ResponseSpec response = client.post("/operator/logout", Map.of())
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/operator/login");

        assertThat(operatorCookie(response)).startsWith(Cookies.OPERATOR + "=;").contains("Max-Age=0");
    }
}
