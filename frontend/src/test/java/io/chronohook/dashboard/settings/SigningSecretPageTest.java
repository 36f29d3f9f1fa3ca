package io.chronohook.dashboard.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class SigningSecretPageTest extends PageTest {

    SigningSecretPageTest() {
        super(BACKEND);
    }

    private static final String CURRENT = "whsec_Q1VSUkVOVHNlY3JldFZBTFVFMDEyMw==";
    private static final String PREVIOUS = "whsec_T0xEc2VjcmV0VkFMVUUwMTIzNDU2Nw==";
    private static final List<String> RECEIVED = new CopyOnWriteArrayList<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .get("/api/v1/signing-secret", (request, response) -> StubBackend.json(response, 200, """
                    {"secret":"%s","createdAt":"2026-11-20T10:00:00Z",
                     "previous":[{"secret":"%s","createdAt":"2026-10-01T00:00:00Z","expiresAt":"2099-11-21T10:00:00Z"}]}"""
                    .formatted(CURRENT, PREVIOUS)))
            .post("/api/v1/signing-secret/rotate", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        RECEIVED.add(body);
                        return Mono.from(body.contains("\"gracePeriod\":\"P30D\"")
                                ? StubBackend.json(response, 400, """
                                        {"status":400,"code":"invalid_request","detail":"1 field is invalid",
                                         "errors":[{"field":"gracePeriod","message":"must be between PT0S and P7D"}]}""")
                                : StubBackend.json(response, 200, """
                                        {"secret":"whsec_TkVXc2VjcmV0","createdAt":"2099-01-01T03:04:05Z",
                                         "previous":[{"secret":"%s","createdAt":"2026-11-20T10:00:00Z",
                                                      "expiresAt":"2099-01-08T03:04:05Z"}]}""".formatted(CURRENT)));
                    })));

    @BeforeEach
    void signIn() {
        RECEIVED.clear();
    }

    @Test
    void theSecretStaysHiddenUntilTheVisitorRevealsIt() {
        String hidden = client.page("/settings/signing-secret", 200);
        String revealed = client.page("/settings/signing-secret?reveal=1", 200);

        assertThat(hidden).doesNotContain(CURRENT).doesNotContain(PREVIOUS).contains("whsec_••••")
                .contains("id=\"reveal-secret\"").doesNotContain("id=\"signing-secret-value\"");
        assertThat(revealed)
                .contains("id=\"signing-secret-value\" class=\"mono\" readonly value=\"" + CURRENT + "\"")
                .contains("data-copy=\"#signing-secret-value\"")
                .contains(PREVIOUS);
    }

    @Test
    void thePageIsNeverCachedBecauseItCanPrintTheSecret() {
        client.raw().get().uri("/settings/signing-secret?reveal=1").exchange()
                .expectStatus().isOk()
                .expectHeader().cacheControl(org.springframework.http.CacheControl.noStore());
    }

    @Test
    void previousSecretsShowWhenTheyStopSigningAndHowToVerifyCallbacks() {
        assertThat(client.page("/settings/signing-secret", 200))
                .contains("Created")
                .contains("datetime=\"2026-11-20T10:00:00Z\"")
                .contains("stops signing at <time datetime=\"2099-11-21T10:00:00Z\"")
                .contains("webhook.verify(req.body.toString(\"utf8\"), req.headers)")
                .contains("from standardwebhooks import Webhook");
    }

    @Test
    void rotatingSendsTheChosenGracePeriodAndSaysUntilWhenThePreviousSecretSigns() {
        String flash = client.post("/settings/signing-secret/rotate", Map.of("gracePeriod", "P7D"))
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/settings/signing-secret")
                .returnResult(Void.class).getResponseHeaders().get("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith(Cookies.FLASH + "=")).findFirst().orElseThrow();

        assertThat(RECEIVED).containsExactly("{\"gracePeriod\":\"P7D\"}");
        assertThat(URLDecoder.decode(flash, StandardCharsets.UTF_8))
                .contains("Secret rotated. The previous one keeps signing until 8 Jan 2099, 03:04:05 (UTC)");
    }

    @Test
    void theRotateFormOffersTheGracePeriodsWithADayChosenByDefault() {
        assertThat(client.page("/settings/signing-secret", 200))
                .contains("<select id=\"grace-period\" name=\"gracePeriod\"")
                .contains("<option value=\"PT0S\">")
                .contains("<option value=\"PT1H\">")
                .contains("<option value=\"PT24H\" selected>")
                .contains("<option value=\"P7D\">")
                .contains("id=\"rotate-secret\"")
                .contains("data-confirm=\"Rotate the signing secret?");
    }

    @Test
    void aGracePeriodTheBackendRefusesIsShownNextToTheSelect() {
        String page = client.post("/settings/signing-secret/rotate", Map.of("gracePeriod", "P30D"))
                .expectStatus().isEqualTo(422)
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(page).contains("<p class=\"field-error\" id=\"grace-period-error\">must be between PT0S and P7D</p>");
    }
}
