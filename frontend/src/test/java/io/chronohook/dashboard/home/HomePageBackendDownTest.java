package io.chronohook.dashboard.home;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import io.chronohook.dashboard.backend.StubBackend;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.util.HtmlUtils;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HomePageBackendDownTest {

    private static final URI CLOSED = StubBackend.closedPortUrl();

    @DynamicPropertySource
    static void backendUrl(DynamicPropertyRegistry registry) {
        registry.add("chronohook.dashboard.backend-url", () -> CLOSED.toString());
    }

    @LocalServerPort
    int port;

    @Test
    void homePageStillAnswersAndSaysTheApiIsNotReachable() {
        String html = WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build()
                .get().uri("/").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(HtmlUtils.htmlUnescape(html))
                .contains("The API at <code>" + CLOSED + "</code> is not reachable right now (connection refused).")
                .doesNotContain("is reachable.")
                .contains("curl -s -X POST " + CLOSED + "/api/v1/signup");
    }
}
