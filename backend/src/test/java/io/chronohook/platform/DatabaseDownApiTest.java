package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ApiTest;
import io.chronohook.support.TcpProxy;
import io.chronohook.support.TestSettings;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;

/**
 * The API while Postgres is away, made real: this instance (API role only) reaches the real database through a TCP
 * relay the test cuts. Every call answers 503 {@code database_unavailable} with {@code Retry-After}, as a problem;
 * when the database is back, the same calls succeed without a restart.
 */
class DatabaseDownApiTest extends ApiTest {

    private static final TcpProxy RELAY =
            new TcpProxy(Integer.parseInt(TestSettings.value("CHRONOHOOK_TEST_DB_PORT", "5432")));

    @DynamicPropertySource
    static void throughTheRelay(DynamicPropertyRegistry registry) {
        registry.add("spring.r2dbc.url", () -> "r2dbc:postgresql://127.0.0.1:" + RELAY.port() + "/"
                + TestSettings.databaseName());
        registry.add("chronohook.roles", () -> "api");
    }

    @AfterAll
    static void closeRelay() {
        RELAY.close();
    }

    @Test
    void whilePostgresIsAwayEveryCallAnswers503WithRetryAfterAndAnswersAgainWhenItIsBack() {
        TestTenant tenant = signUp();
        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();

        RELAY.cut();
        try {
            for (String path : new String[] {"/api/v1/jobs", "/api/v1/me", "/api/v1/dead-letters"}) {
                EntityExchangeResult<byte[]> answer = http.get().uri(path)
                        .header("Authorization", "Bearer " + tenant.apiKey())
                        .exchange()
                        .expectStatus().isEqualTo(503)
                        .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                        .expectHeader().valueEquals("Retry-After", "5")
                        .expectBody().jsonPath("$.code").isEqualTo("database_unavailable")
                        .returnResult();
                assertThat(answer.getResponseBody()).isNotEmpty();
            }
        } finally {
            RELAY.restore();
        }
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() ->
                http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                        .exchange().expectStatus().isOk());
    }
}
