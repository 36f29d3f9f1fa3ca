package io.chronohook.support;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Base of the API integration tests: the whole backend on a random port, against the real Postgres
 * (database chronohook_test) and Redis; every test isolates itself by signing up tenants of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
public abstract class ApiTest {

    public static final String PASSWORD = "correct horse battery staple";

    @LocalServerPort
    protected int port;

    protected WebTestClient http;

    @BeforeEach
    void client() {
        http = WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .responseTimeout(Duration.ofSeconds(20))
                .build();
    }

    /** A tenant created through the public sign-up, with what sign-up returned. */
    public record TestTenant(String tenantId, String email, String apiKey, String signingSecret) {
    }

    protected TestTenant signUp() {
        String email = "owner-" + UUID.randomUUID() + "@example.com";
        Map<?, ?> body = http.post().uri("/api/v1/signup")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("tenantName", "Tenant " + email.substring(6, 14), "email", email,
                        "password", PASSWORD))
                .exchange()
                .expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
        return new TestTenant((String) body.get("tenantId"), email, (String) body.get("apiKey"),
                (String) body.get("signingSecret"));
    }

    protected String accessToken(TestTenant tenant) {
        Map<?, ?> body = http.post().uri("/api/v1/auth/token")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("email", tenant.email(), "password", PASSWORD))
                .exchange()
                .expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody();
        return (String) body.get("accessToken");
    }
}
