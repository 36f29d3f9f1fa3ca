package io.chronohook.dashboard.home;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.dashboard.backend.StubBackend;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.util.HtmlUtils;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HomePageTest {

    private static final StubBackend BACKEND = StubBackend.answeringHealth(200, "{\"status\":\"UP\"}");

    @DynamicPropertySource
    static void backendUrl(DynamicPropertyRegistry registry) {
        registry.add("chronohook.dashboard.backend-url", () -> BACKEND.url().toString());
    }

    @AfterAll
    static void stopBackend() {
        BACKEND.close();
    }

    @LocalServerPort
    int port;

    WebTestClient client;

    @BeforeEach
    void bindClient() {
        client = WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build();
    }

    private String homePageText() {
        String html = client.get().uri("/").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class).returnResult().getResponseBody();
        return HtmlUtils.htmlUnescape(html);
    }

    @Test
    void homePageShowsTheSignUpCommandForTheConfiguredBackend() {
        String page = homePageText();

        assertThat(page)
                .startsWith("<!DOCTYPE html>")
                .contains("<title>Chronohook</title>")
                .contains("Schedules that call your HTTPS webhooks on time — signed, retried and traced.")
                .contains("curl -s -X POST " + BACKEND.url() + "/api/v1/signup"
                        + " -H 'content-type: application/json'"
                        + " -d '{\"tenantName\":\"Acme\",\"email\":\"you@example.com\",\"password\":\"a long passphrase\"}'")
                .contains("<a class=\"button\" href=\"/signup\">Create an account</a>")
                .contains("href=\"/css/app.css\"");
    }

    @Test
    void homePageSaysTheApiIsReachableWhenItsHealthIsUp() {
        assertThat(homePageText())
                .contains("The API at <code>" + BACKEND.url() + "</code> is reachable.")
                .doesNotContain("not reachable");
    }
}
