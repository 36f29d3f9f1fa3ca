package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** {@code GET /api/v1/me}: who the dashboard is signed in as, for each kind of credential. */
class MeApiTest extends ApiTest {

    @Test
    void aMembersTokenShowsTheTenantThePlanTheMemberAndTheRolesScopes() {
        TestTenant tenant = signUp();

        Map<?, ?> me = http.get().uri("/api/v1/me").header("Authorization", "Bearer " + accessToken(tenant))
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();

        assertThat(me.get("tenantId")).isEqualTo(tenant.tenantId());
        assertThat(me.get("tenantName")).isEqualTo("Tenant " + tenant.email().substring(6, 14));
        assertThat(me.get("plan")).isEqualTo("unlimited");
        Map<?, ?> credential = (Map<?, ?>) me.get("credential");
        Map<?, ?> member = (Map<?, ?>) me.get("member");
        assertThat(credential.get("type")).isEqualTo("member");
        assertThat((String) credential.get("id")).startsWith("mem_");
        assertThat(member.get("id")).isEqualTo(credential.get("id"));
        assertThat(member.get("email")).isEqualTo(tenant.email());
        assertThat(member.get("role")).isEqualTo("owner");
        assertThat(me.get("scopes")).isEqualTo(List.of("admin", "jobs:read", "jobs:write"));
    }

    @Test
    void anApiKeyShowsItsOwnIdAndScopesAndNoMember() {
        TestTenant tenant = signUp();
        Map<?, ?> key = http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "dashboard", "scopes", List.of("jobs:read")))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();

        http.get().uri("/api/v1/me").header("Authorization", "Bearer " + key.get("apiKey"))
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.tenantId").isEqualTo(tenant.tenantId())
                .jsonPath("$.plan").isEqualTo("unlimited")
                .jsonPath("$.credential.type").isEqualTo("api_key")
                .jsonPath("$.credential.id").isEqualTo(key.get("id"))
                .jsonPath("$.member").doesNotExist()
                .jsonPath("$.scopes").isEqualTo(List.of("jobs:read"));
    }

    @Test
    void theOperatorSeesOnlyItsCredentialAndNoTenant() {
        http.get().uri("/api/v1/me").header("Authorization", OPERATOR)
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.credential.type").isEqualTo("operator")
                .jsonPath("$.credential.id").isEqualTo("operator")
                .jsonPath("$.scopes").isEqualTo(List.of())
                .jsonPath("$.tenantId").doesNotExist()
                .jsonPath("$.tenantName").doesNotExist()
                .jsonPath("$.plan").doesNotExist()
                .jsonPath("$.member").doesNotExist();
        http.get().uri("/api/v1/me").exchange().expectStatus().isUnauthorized();
    }
}
