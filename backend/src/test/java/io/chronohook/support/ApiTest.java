package io.chronohook.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Base of the API integration tests: the whole backend on a random port, against the real Postgres
 * (database chronohook_test) and Redis; every test isolates itself by signing up tenants of its own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
@Import({TestSpans.class, DocumentedStatuses.class})
@ExtendWith(ThreadDumpOnTimeout.class)
public abstract class ApiTest {

    public static final String PASSWORD = "correct horse battery staple";
    public static final String OPERATOR = "Bearer op_test_operator_token_0123456789";

    @LocalServerPort
    protected int port;

    protected WebTestClient http;

    @Autowired
    protected InMemorySpanExporter spans;

    @BeforeEach
    void client() {
        spans.reset();
        http = WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .responseTimeout(Duration.ofSeconds(20))
                .build();
    }

    @AfterEach
    void answeredAsDocumented() {
        assertThat(DocumentedStatuses.takeWrong()).as("success statuses the API document does not give").isEmpty();
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

    /** A plan for tests: the given weight, dispatch rate and burst and monthly executions; nothing else limits. */
    protected void operatorPlan(String code, int weight, int rate, int burst, long executionsPerMonth,
                                long overageCentsPer1000) {
        http.put().uri("/api/v1/operator/plans/{code}", code).header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.ofEntries(Map.entry("name", code), Map.entry("maxJobs", 1_000_000),
                        Map.entry("executionsPerMonth", executionsPerMonth), Map.entry("dispatchRatePerSecond", rate),
                        Map.entry("dispatchBurst", burst), Map.entry("fairShareWeight", weight),
                        Map.entry("minIntervalSeconds", 1), Map.entry("maxPayloadBytes", 65536),
                        Map.entry("historyRetentionDays", 7), Map.entry("apiRequestsPerSecond", 1000),
                        Map.entry("monthlyPriceCents", 0), Map.entry("overageCentsPer1000", overageCentsPer1000)))
                .exchange().expectStatus().isOk();
    }

    /** A plan for tests whose only tight limit is {@code maxJobs} live jobs. */
    protected void planWithJobLimit(String code, long maxJobs) {
        http.put().uri("/api/v1/operator/plans/{code}", code).header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.ofEntries(Map.entry("name", code), Map.entry("maxJobs", maxJobs),
                        Map.entry("executionsPerMonth", 1_000_000), Map.entry("dispatchRatePerSecond", 100),
                        Map.entry("dispatchBurst", 100), Map.entry("fairShareWeight", 1),
                        Map.entry("minIntervalSeconds", 1), Map.entry("maxPayloadBytes", 65536),
                        Map.entry("historyRetentionDays", 7), Map.entry("apiRequestsPerSecond", 10_000),
                        Map.entry("monthlyPriceCents", 0), Map.entry("overageCentsPer1000", 0)))
                .exchange().expectStatus().isOk();
    }

    /** The tenant's id as stored ({@code ten_…} as the API shows it, without its prefix). */
    protected static UUID tenantUuid(String tenantId) {
        return storedId(tenantId);
    }

    /** Any id as stored: {@code job_…}, {@code run_…} as the API shows it, without its prefix. */
    protected static UUID storedId(String prefixed) {
        String hex = prefixed.substring(prefixed.indexOf('_') + 1);
        return new UUID(Long.parseUnsignedLong(hex.substring(0, 16), 16),
                Long.parseUnsignedLong(hex.substring(16), 16));
    }

    /** Moves a tenant to a plan through the operator API. */
    protected WebTestClient.ResponseSpec assignPlan(String tenantId, String plan) {
        return http.put().uri("/api/v1/operator/tenants/{id}/plan", tenantId).header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("plan", plan)).exchange();
    }

    /** What {@code /actuator/prometheus} shows the operator now. */
    protected String prometheus() {
        return http.get().uri("/actuator/prometheus").header("Authorization", OPERATOR)
                .exchange().expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
    }
}
