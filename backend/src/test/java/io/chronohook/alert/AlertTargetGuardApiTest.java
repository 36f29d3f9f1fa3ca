package io.chronohook.alert;

import io.chronohook.support.ApiTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;

/** With private targets not allowed (production), an alert webhook on an internal address is refused like a job's. */
// The same settings as TargetGuardApiTest, so both share one API-only context.
@TestPropertySource(properties = {"chronohook.delivery.allow-private-targets=false", "chronohook.roles=api"})
class AlertTargetGuardApiTest extends ApiTest {

    @Test
    void internalAlertWebhooksAreRefused() {
        TestTenant tenant = signUp();

        for (String url : List.of("https://127.0.0.1/alerts", "https://169.254.169.254/latest/meta-data",
                "https://[::ffff:10.0.0.1]/alerts", "https://localhost/alerts", "http://93.184.216.34/plain-http")) {
            http.put().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("url", url))
                    .exchange()
                    .expectStatus().isBadRequest()
                    .expectBody()
                    .jsonPath("$.code").isEqualTo("target_not_allowed")
                    .jsonPath("$.errors[0].field").isEqualTo("url");
        }
        http.get().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.enabled").isEqualTo(false);
    }
}
