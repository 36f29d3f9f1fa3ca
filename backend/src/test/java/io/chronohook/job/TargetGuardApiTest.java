package io.chronohook.job;

import io.chronohook.support.ApiTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;

/** With private targets not allowed (production), internal and tricky targets are refused at creation. */
// API role only: a second context running the pipeline with other delivery rules would take runs of other tests.
@TestPropertySource(properties = {"chronohook.delivery.allow-private-targets=false", "chronohook.roles=api"})
class TargetGuardApiTest extends ApiTest {

    @Test
    void internalTargetsAreRefusedAtCreation() {
        TestTenant tenant = signUp();

        for (String url : List.of("https://127.0.0.1/hook", "https://127.1/hook", "https://2130706433/hook",
                "https://0177.0.0.1/hook", "https://10.0.0.5/hook", "https://172.16.3.4/hook",
                "https://192.168.1.1/hook", "https://100.64.0.1/hook", "https://169.254.169.254/latest/meta-data",
                "https://[::1]/hook", "https://[::ffff:127.0.0.1]/hook", "https://[fd00:ec2::254]/hook",
                "https://[fe80::1]/hook", "https://0.0.0.0/hook", "https://localhost/hook",
                "https://metadata.google.internal/computeMetadata", "https://user@evil.com@127.0.0.1/",
                "http://93.184.216.34/plain-http")) {
            http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(Map.of("name", "ssrf", "schedule", Map.of("type", "now"), "target", Map.of("url", url)))
                    .exchange()
                    .expectStatus().isBadRequest()
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody()
                    .jsonPath("$.code").isEqualTo("target_not_allowed")
                    .jsonPath("$.errors[0].field").isEqualTo("target.url");
        }
        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    @Test
    void aTargetWhoseNameDoesNotResolveYetIsAcceptedAndItsShapeStillChecked() {
        TestTenant tenant = signUp();

        // A new endpoint, or an installation without DNS: the name is resolved, checked and pinned at send time.
        http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "soon", "schedule", Map.of("type", "cron", "cron", "0 2 * * *"),
                        "target", Map.of("url", "https://hooks.not-registered-yet.invalid/nightly")))
                .exchange()
                .expectStatus().isCreated()
                .expectBody().jsonPath("$.target.url").isEqualTo("https://hooks.not-registered-yet.invalid/nightly");
        http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "bad port", "schedule", Map.of("type", "now"),
                        "target", Map.of("url", "https://hooks.not-registered-yet.invalid:22/nightly")))
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.code").isEqualTo("target_not_allowed");
    }
}
