package io.chronohook.dashboard.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.PageTest;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.WebTestClient;

/** What a signed-in page does when the session has ended or was never there. */
class SessionEndTest extends PageTest {

    SessionEndTest() {
        super(BACKEND);
    }

    /** The backend refuses the token as expired, on every call (including /api/v1/me). */
    private static final StubBackend BACKEND = StubBackend.routing(routes -> routes
            .route(request -> true, (request, response) -> StubBackend.json(response, 401,
                    "{\"status\":401,\"code\":\"unauthorized\",\"detail\":\"the token has expired\"}")));

    @Test
    void anExpiredSessionClearsTheCookieAndAsksForASignInThatComesBackHere() {
        var result = new SignedInClient(port).raw().get().uri("/endpoints?x=1").exchange()
                .expectStatus().is3xxRedirection()
                .expectHeader().valueEquals("Location", "/login?next=%2Fendpoints%3Fx%3D1")
                .returnResult(Void.class);

        assertThat(result.getResponseHeaders().get("Set-Cookie"))
                .anySatisfy(cookie -> assertThat(cookie).startsWith(Cookies.SESSION + "=;").contains("Max-Age=0"));
    }

    @Test
    void withoutASessionNoSignedInPageReachesTheBackend() {
        WebTestClient anonymous = WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build();
        for (String path : new String[] {"/jobs", "/jobs/new", "/runs/run_1", "/dead-letters", "/endpoints",
                "/api-keys", "/settings/signing-secret", "/usage", "/audit"}) {
            anonymous.get().uri(path).exchange()
                    .expectStatus().is3xxRedirection()
                    .expectHeader().value("Location", location -> assertThat(location).startsWith("/login?next="));
        }
    }
}
