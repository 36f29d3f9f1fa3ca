package io.chronohook.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.web.server.ObservationWebFilterChainDecorator;
import org.springframework.security.web.server.WebFilterChainProxy;

/**
 * A request is observed as a whole (http.server.requests), not filter by filter: Spring Security's own observations
 * (filter chains, authentications, authorizations) are off, as they cost a request more than its rate limit does.
 */
class ObservationsApiTest extends ApiTest {

    @Autowired
    WebFilterChainProxy securityChain;

    @Test
    void requestsAreTimedAndTheSecurityFiltersAreNot() {
        TestTenant tenant = signUp();
        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();

        String text = prometheus();

        assertThat(text).contains("http_server_requests_seconds_count{");
        assertThat(text).doesNotContain("spring_security_");
    }

    @Test
    void theSecurityFiltersAreNotWrappedInObservationsAtAll() throws ReflectiveOperationException {
        // Turned off by name, the observations were still made (as no-ops) around every security filter of every
        // request: the chain's decorator is the plain one.
        Field decorator = WebFilterChainProxy.class.getDeclaredField("filterChainDecorator");
        decorator.setAccessible(true);
        assertThat(decorator.get(securityChain)).isNotNull()
                .isNotInstanceOf(ObservationWebFilterChainDecorator.class);
    }
}
