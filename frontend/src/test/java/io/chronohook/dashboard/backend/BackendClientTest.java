package io.chronohook.dashboard.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.Test;

class BackendClientTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private static BackendStatus statusOf(URI url) {
        return new BackendClient(url, Duration.ofSeconds(2), Duration.ofMillis(500)).status().block(WAIT);
    }

    @Test
    void upWhenHealthSaysUp() {
        try (StubBackend backend = StubBackend.answeringHealth(200, "{\"status\":\"UP\",\"components\":{}}")) {
            assertThat(statusOf(backend.url())).isEqualTo(new BackendStatus(true, "UP"));
        }
    }

    @Test
    void downWithHttpStatusWhenHealthAnswersAnError() {
        try (StubBackend backend = StubBackend.answeringHealth(503, "{\"status\":\"DOWN\"}")) {
            assertThat(statusOf(backend.url())).isEqualTo(new BackendStatus(false, "health check answered HTTP 503"));
        }
    }

    @Test
    void downWhenHealthAnswers200ButNotUp() {
        try (StubBackend backend = StubBackend.answeringHealth(200, "{\"status\":\"UNKNOWN\"}")) {
            assertThat(statusOf(backend.url())).isEqualTo(new BackendStatus(false, "health check reports UNKNOWN"));
        }
    }

    @Test
    void downWhenHealthIsNotJson() {
        try (StubBackend backend = StubBackend.answeringHealthWithHtml()) {
            BackendStatus status = statusOf(backend.url());
            assertThat(status.up()).isFalse();
            assertThat(status.detail()).isEqualTo("health check answered something other than JSON");
        }
    }

    @Test
    void downWhenHealthClaimsJsonButIsNot() {
        try (StubBackend backend = StubBackend.answeringHealth(200, "{\"status\":")) {
            assertThat(statusOf(backend.url()))
                    .isEqualTo(new BackendStatus(false, "health check answered something other than JSON"));
        }
    }

    @Test
    void downWhenNothingListens() {
        assertThat(statusOf(StubBackend.closedPortUrl())).isEqualTo(new BackendStatus(false, "connection refused"));
    }

    @Test
    void downWithinTheResponseTimeoutWhenTheBackendNeverAnswers() {
        try (StubBackend backend = StubBackend.neverAnswering()) {
            long started = System.nanoTime();
            BackendStatus status = statusOf(backend.url());
            assertThat(status).isEqualTo(new BackendStatus(false, "no answer within 500ms"));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
        }
    }
}
