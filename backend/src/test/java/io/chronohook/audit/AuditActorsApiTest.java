package io.chronohook.audit;

import io.chronohook.support.ApiTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** The audit log names who acted as people know them: a member by email, an API key by name. */
class AuditActorsApiTest extends ApiTest {

    @Test
    void aMembersChangeCarriesTheirEmailAndAnApiKeysChangeTheKeysName() {
        TestTenant tenant = signUp();
        String member = "Bearer " + accessToken(tenant);
        Map<?, ?> job = Map.of("name", "audited", "schedule", Map.of("type", "cron", "cron", "0 2 * * *",
                "timeZone", "UTC"), "target", Map.of("url", "https://example.com/hook"));
        String jobId = (String) http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(job)
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody().get("id");
        http.post().uri("/api/v1/jobs/{id}/pause", jobId).header("Authorization", member)
                .exchange().expectStatus().isOk();

        http.get().uri("/api/v1/audit").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.items[0].action").isEqualTo("job.paused")
                .jsonPath("$.items[0].actor.type").isEqualTo("member")
                .jsonPath("$.items[0].actor.email").isEqualTo(tenant.email())
                .jsonPath("$.items[0].actor.name").doesNotExist()
                .jsonPath("$.items[1].action").isEqualTo("job.created")
                .jsonPath("$.items[1].actor.type").isEqualTo("api_key")
                .jsonPath("$.items[1].actor.name").isEqualTo("default")
                .jsonPath("$.items[1].actor.email").doesNotExist();
    }
}
