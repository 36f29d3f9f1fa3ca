package io.chronohook.platform;

import io.chronohook.support.ApiTest;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class OperationsEndpointsTest extends ApiTest {

    static final String OPERATOR_TOKEN = "op_test_operator_token_0123456789";

    @Test
    void healthReportsPostgresAndRedis() {
        http.get().uri("/actuator/health")
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.status").isEqualTo("UP")
                .jsonPath("$.components.r2dbc.status").isEqualTo("UP")
                .jsonPath("$.components.redis.status").isEqualTo("UP");
    }

    @Test
    void prometheusIsForTheOperatorOnly() {
        TestTenant tenant = signUp();

        http.get().uri("/actuator/prometheus")
                .exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        http.get().uri("/actuator/prometheus").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isForbidden()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
        http.get().uri("/actuator/prometheus").header("Authorization", "Bearer " + OPERATOR_TOKEN)
                .exchange()
                .expectStatus().isOk()
                .expectBody(String.class).value(body -> org.assertj.core.api.Assertions.assertThat(body)
                        .contains("jvm_memory_used_bytes", "http_server_requests"));
    }

    @Test
    void theOperatorTokenIsNoTenantCredential() {
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + OPERATOR_TOKEN)
                .exchange()
                .expectStatus().isForbidden();
    }
}
