package io.chronohook.dashboard.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.dashboard.backend.StubBackend;
import io.chronohook.dashboard.support.SignedInClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A signed-in page while the backend does not answer: a calm "try again" page, never a stack trace. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BackendDownTest {

    private static final java.net.URI CLOSED = StubBackend.closedPortUrl();

    @DynamicPropertySource
    static void backendUrl(DynamicPropertyRegistry registry) {
        registry.add("chronohook.dashboard.backend-url", CLOSED::toString);
    }

    @LocalServerPort
    int port;

    @Test
    void aPageWhoseBackendIsDownAnswers503WithAWayBack() {
        String page = new SignedInClient(port).page("/jobs", 503);

        assertThat(page).contains("The API is not answering").contains("connection refused")
                .contains("Your schedules keep running").contains("href=\"/jobs\"")
                .doesNotContain("Exception");
    }
}
