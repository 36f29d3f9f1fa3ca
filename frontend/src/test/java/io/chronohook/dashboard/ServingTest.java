package io.chronohook.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ServingTest {

    @LocalServerPort
    int port;

    WebTestClient client;

    @BeforeEach
    void bindClient() {
        client = WebTestClient.bindToServer().baseUrl("http://localhost:" + port).build();
    }

    @Test
    void healthIsUpAndListsItsComponents() {
        client.get().uri("/actuator/health").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.status").isEqualTo("UP")
                .jsonPath("$.components.ping.status").isEqualTo("UP");
    }

    @Test
    void onlyHealthIsExposed() {
        client.get().uri("/actuator/env").exchange().expectStatus().isNotFound();
    }

    @Test
    void stylesheetIsServed() {
        String css = client.get().uri("/css/app.css").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.valueOf("text/css"))
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(css).contains("font-family: system-ui").contains(".status-up").contains(".status-down");
    }

    @Test
    void anUnknownPageAnswersNotFoundWithTheDashboardsOwnPage() {
        String html = client.get().uri("/no-such-page").accept(org.springframework.http.MediaType.TEXT_HTML).exchange()
                .expectStatus().isNotFound()
                .expectBody(String.class).returnResult().getResponseBody();

        org.assertj.core.api.Assertions.assertThat(html).contains("<title>Not found · Chronohook</title>")
                .contains("href=\"/css/app.css\"").doesNotContain("Whitelabel");
    }
}
