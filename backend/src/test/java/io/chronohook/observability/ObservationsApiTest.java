package io.chronohook.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import org.junit.jupiter.api.Test;

/**
 * A request is observed as a whole (http.server.requests), not filter by filter: Spring Security's own observations
 * (filter chains, authentications, authorizations) are off, as they cost a request more than its rate limit does.
 */
class ObservationsApiTest extends ApiTest {

    @Test
    void requestsAreTimedAndTheSecurityFiltersAreNot() {
        TestTenant tenant = signUp();
        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();

        String text = prometheus();

        assertThat(text).contains("http_server_requests_seconds_count{");
        assertThat(text).doesNotContain("spring_security_");
    }
}
