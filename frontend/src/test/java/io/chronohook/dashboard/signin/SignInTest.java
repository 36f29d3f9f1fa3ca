package io.chronohook.dashboard.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.BodyInserters;

class SignInTest extends PageTest {

    SignInTest() {
        super(BACKEND);
    }

    /** The X-Forwarded-For of the last sign-in the backend received. */
    private static final AtomicReference<String> FORWARDED = new AtomicReference<>();

    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .post("/api/v1/auth/token", (request, response) -> request.receive().aggregate().asString()
                    .flatMap(body -> {
                        FORWARDED.set(request.requestHeaders().get("X-Forwarded-For"));
                        return reactor.core.publisher.Mono.from(body.contains("locked@acme.example")
                                ? StubBackend.json(response, 429, "{\"status\":429,\"code\":\"too_many_attempts\","
                                        + "\"detail\":\"this account is locked after repeated failed sign-ins; try again in 30 s\"}")
                                : body.contains("right passphrase")
                                ? StubBackend.json(response, 200,
                                        "{\"accessToken\":\"jwt-from-backend\",\"tokenType\":\"Bearer\",\"expiresIn\":3600}")
                                : StubBackend.json(response, 401,
                                        "{\"status\":401,\"code\":\"invalid_credentials\",\"detail\":\"the email or password is wrong\"}"));
                    })));

    private WebTestClient anonymous() {
        return WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build();
    }

    @Test
    void signingInKeepsTheBackendTokenInAnHttpOnlyLaxCookieAndGoesWhereTheVisitorWasHeaded() {
        String cookie = new SignedInClient(port).raw().mutate().build().post().uri("/login")
                .cookie(Cookies.CSRF, SignedInClient.CSRF)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("email", "owner@acme.example")
                        .with("password", "the right passphrase").with("next", "/dead-letters")
                        .with("_csrf", SignedInClient.CSRF))
                .exchange()
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/dead-letters")
                .returnResult(Void.class).getResponseHeaders().get("Set-Cookie").stream()
                .filter(header -> header.startsWith(Cookies.SESSION + "=")).findFirst().orElseThrow();

        assertThat(cookie).startsWith(Cookies.SESSION + "=jwt-from-backend;").containsIgnoringCase("HttpOnly")
                .contains("SameSite=Lax").contains("Max-Age=3600");
    }

    @Test
    void aWrongPasswordShowsTheReasonAndKeepsTheEmail() {
        String page = new SignedInClient(port).post("/login",
                        Map.of("email", "owner@acme.example", "password", "a wrong passphrase"))
                .expectStatus().isUnauthorized()
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(page).contains("The email or password is wrong.").contains("value=\"owner@acme.example\"");
    }

    @Test
    void aLockedAccountSaysWhenToTryAgain() {
        String page = new SignedInClient(port).post("/login",
                        Map.of("email", "locked@acme.example", "password", "the right passphrase"))
                .expectStatus().isEqualTo(429)
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(page).contains("Too many attempts: this account is locked after repeated failed sign-ins; "
                + "try again in 30 s.").contains("value=\"locked@acme.example\"");
    }

    @Test
    void theBrowsersAddressIsForwardedToTheBackendAfterTheChainItCameThrough() {
        new SignedInClient(port).raw().mutate().build().post().uri("/login")
                .cookie(Cookies.CSRF, SignedInClient.CSRF)
                .header("X-Forwarded-For", "203.0.113.7")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("email", "owner@acme.example")
                        .with("password", "a wrong passphrase").with("_csrf", SignedInClient.CSRF))
                .exchange()
                .expectStatus().isUnauthorized();

        assertThat(FORWARDED.get()).matches("203\\.0\\.113\\.7, (127\\.0\\.0\\.1|0:0:0:0:0:0:0:1)");
    }

    @Test
    void aFormWithoutTheCsrfTokenIsRefusedBeforeReachingTheBackend() {
        anonymous().post().uri("/login")
                .cookie(Cookies.CSRF, SignedInClient.CSRF)
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .body(BodyInserters.fromFormData("email", "owner@acme.example").with("password", "the right passphrase")
                        .with("_csrf", "a forged token"))
                .exchange()
                .expectStatus().isForbidden()
                .expectHeader().doesNotExist("Set-Cookie");
    }

    @Test
    void theSignInPageSetsACsrfCookieAndEmbedsTheSameToken() {
        var result = anonymous().get().uri("/login").exchange().expectStatus().isOk().expectBody(String.class)
                .returnResult();
        String cookie = result.getResponseHeaders().get("Set-Cookie").stream()
                .filter(header -> header.startsWith(Cookies.CSRF + "=")).findFirst().orElseThrow();
        String token = cookie.substring(Cookies.CSRF.length() + 1, cookie.indexOf(';'));

        assertThat(token).hasSizeGreaterThan(30);
        assertThat(cookie).containsIgnoringCase("HttpOnly").contains("SameSite=Strict");
        assertThat(result.getResponseBody()).contains("name=\"_csrf\" value=\"" + token + "\"");
    }

    @Test
    void anOffSiteNextIsIgnored() {
        assertThat(SignInController.safeNext("//evil.example/x")).isEqualTo("/jobs");
        assertThat(SignInController.safeNext("https://evil.example/")).isEqualTo("/jobs");
        assertThat(SignInController.safeNext("/\\evil.example")).isEqualTo("/jobs");
        assertThat(SignInController.safeNext("/runs/run_1?x=1")).isEqualTo("/runs/run_1?x=1");
    }
}
