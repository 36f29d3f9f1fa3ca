package io.chronohook.dashboard.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.Test;
import org.springframework.web.util.HtmlUtils;

class TimeZoneTest extends PageTest {

    TimeZoneTest() {
        super(BACKEND);
    }

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/endpoints", (request, response) -> StubBackend.json(response, 200, """
                    {"items":[{"host":"hooks.acme.example","circuitState":"closed","attempts24h":3,"successRate":1.0,
                     "lastAttemptAt":"2026-07-01T10:00:00Z","lastError":null,"lastErrorAt":null}],"nextCursor":null}""")));

    @Test
    void choosingAZoneKeepsItInACookieAndGoesBackToThePageItWasChosenOn() {
        var result = new SignedInClient(port).raw().post().uri("/preferences/time-zone")
                .header("Referer", "http://localhost:" + port + "/endpoints?x=1")
                .contentType(org.springframework.http.MediaType.APPLICATION_FORM_URLENCODED)
                .body(org.springframework.web.reactive.function.BodyInserters.fromFormData("zone", "Europe/Berlin")
                        .with("_csrf", SignedInClient.CSRF))
                .exchange()
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/endpoints?x=1")
                .returnResult(Void.class);

        assertThat(result.getResponseHeaders().get("Set-Cookie"))
                .anySatisfy(cookie -> assertThat(cookie).startsWith(Cookies.ZONE + "=Europe%2FBerlin;"));
    }

    @Test
    void timesAreShownInTheChosenZoneWithUtcOnHover() {
        String berlin = page("Europe/Berlin");
        String tokyo = page("Asia/Tokyo");

        // 10:00 UTC on 1 July is 12:00 in Berlin (summer time) and 19:00 in Tokyo; the page says how long ago.
        assertThat(berlin).contains("title=\"1 Jul 2026, 12:00:00 · 2026-07-01T10:00:00Z (UTC)\"")
                .contains("value=\"Europe/Berlin\"");
        assertThat(tokyo).contains("title=\"1 Jul 2026, 19:00:00 · 2026-07-01T10:00:00Z (UTC)\"")
                .contains("value=\"Asia/Tokyo\"");
    }

    @Test
    void anUnknownZoneIsRefusedWithAMessageAndChangesNothing() {
        var result = new SignedInClient(port).post("/preferences/time-zone", Map.of("zone", "Mars/Olympus"))
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/jobs")
                .returnResult(Void.class);

        assertThat(result.getResponseHeaders().get("Set-Cookie"))
                .noneSatisfy(cookie -> assertThat(cookie).startsWith(Cookies.ZONE + "="))
                .anySatisfy(cookie -> assertThat(HtmlUtils.htmlUnescape(java.net.URLDecoder.decode(cookie,
                        java.nio.charset.StandardCharsets.UTF_8))).contains("'Mars/Olympus' is not a time zone"));
    }

    private String page(String zone) {
        String html = new SignedInClient(port).raw().get().uri("/endpoints")
                .cookie(Cookies.ZONE, java.net.URLEncoder.encode(zone, java.nio.charset.StandardCharsets.UTF_8))
                .exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        return HtmlUtils.htmlUnescape(html);
    }
}
