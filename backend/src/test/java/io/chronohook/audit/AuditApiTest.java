package io.chronohook.audit;

import io.chronohook.support.ApiTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class AuditApiTest extends ApiTest {

    @Test
    void keyCreationAndRevocationAreAuditedWithTheActor() {
        TestTenant tenant = signUp();
        Map<?, ?> created = http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("name", "deploy", "scopes", List.of("jobs:write")))
                .exchange().expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
        http.delete().uri("/api/v1/api-keys/{id}", created.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();

        http.get().uri("/api/v1/audit?limit=2").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.items.length()").isEqualTo(2)
                .jsonPath("$.items[0].action").isEqualTo("api_key.revoked")
                .jsonPath("$.items[0].target.id").isEqualTo(created.get("id"))
                .jsonPath("$.items[0].actor.type").isEqualTo("api_key")
                .jsonPath("$.items[1].action").isEqualTo("api_key.created")
                .jsonPath("$.items[1].details.name").isEqualTo("deploy")
                .jsonPath("$.nextCursor").isNotEmpty();
    }

    @Test
    void aTenantSeesOnlyItsOwnEvents() {
        TestTenant a = signUp();
        TestTenant b = signUp();

        http.get().uri("/api/v1/audit").header("Authorization", "Bearer " + b.apiKey())
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.items.length()").isEqualTo(2)
                .jsonPath("$.items[1].target.id").isEqualTo(b.tenantId());
    }
}
