package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import io.chronohook.support.TcpProxy;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The limits of sign-in and sign-up are kept in Redis, and Redis going away must not keep anyone out or waiting: this
 * instance (API role only) reaches the real Redis through a relay the test cuts, and sign-up and sign-in still answer,
 * unlimited, within the limits' Redis timeout.
 */
class SignInLimitsRedisDownTest extends ApiTest {

    private static final TcpProxy RELAY = new TcpProxy(6379);

    @DynamicPropertySource
    static void throughTheRelay(DynamicPropertyRegistry registry) {
        registry.add("spring.data.redis.host", () -> "127.0.0.1");
        registry.add("spring.data.redis.port", RELAY::port);
        registry.add("chronohook.roles", () -> "api");
        registry.add("chronohook.auth.limits.redis-timeout", () -> "PT0.5S");
    }

    @AfterAll
    static void closeRelay() {
        RELAY.close();
    }

    @Test
    void withRedisAwaySignUpAndSignInGoThroughWithinTheTimeout() {
        signUp();
        RELAY.cut();
        try {
            long started = System.nanoTime();
            TestTenant tenant = signUp();
            String token = accessToken(tenant);
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(token).isNotBlank();
            // Each call waits at most the timeout per Redis call (sign-up one, sign-in three), never Redis's retries.
            assertThat(took).isLessThan(Duration.ofSeconds(4));
            http.post().uri("/api/v1/auth/token").contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(Map.of("email", tenant.email(), "password", "not the password"))
                    .exchange().expectStatus().isUnauthorized();
        } finally {
            RELAY.restore();
        }
    }
}
