package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class ApiKeysApiTest extends ApiTest {

    @Test
    void signUpReturnsAKeyThatListsTheTenantsKeys() {
        TestTenant tenant = signUp();

        assertThat(tenant.tenantId()).startsWith("ten_");
        assertThat(tenant.apiKey()).startsWith("chk_").hasSize(47);
        assertThat(tenant.signingSecret()).startsWith("whsec_");
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.items.length()").isEqualTo(1)
                .jsonPath("$.items[0].name").isEqualTo("default")
                .jsonPath("$.items[0].prefix").isEqualTo(tenant.apiKey().substring(0, 12))
                .jsonPath("$.items[0].scopes").isEqualTo(List.of("admin", "jobs:read", "jobs:write"))
                .jsonPath("$.items[0].lastUsedAt").isNotEmpty()
                .jsonPath("$.items[0].apiKey").doesNotExist()
                .jsonPath("$.nextCursor").isEmpty();
    }

    @Test
    void aWrongOrMissingKeyIsRefusedWithAProblem() {
        TestTenant tenant = signUp();
        String wrong = tenant.apiKey().substring(0, 20) + "A".repeat(tenant.apiKey().length() - 20);

        for (String header : List.of("Bearer " + wrong, "Bearer chk_short", "Bearer not-a-key")) {
            http.get().uri("/api/v1/api-keys").header("Authorization", header)
                    .exchange()
                    .expectStatus().isUnauthorized()
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectHeader().exists("WWW-Authenticate")
                    .expectBody().jsonPath("$.code").isEqualTo("unauthorized").jsonPath("$.status").isEqualTo(401);
        }
        http.get().uri("/api/v1/api-keys")
                .exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }

    @Test
    void aCreatedKeyIsShownOnceAndWorksWithItsScopes() {
        TestTenant tenant = signUp();

        Map<?, ?> created = createKey(tenant.apiKey(), "ci", List.of("jobs:read"));
        String readOnly = (String) created.get("apiKey");

        assertThat(created.get("id").toString()).startsWith("key_");
        assertThat(readOnly).startsWith("chk_");
        assertThat(created.get("scopes")).isEqualTo(List.of("jobs:read"));
        // jobs:read alone does not administer the account.
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + readOnly)
                .exchange()
                .expectStatus().isForbidden()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("forbidden");
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectBody().jsonPath("$.items.length()").isEqualTo(2)
                .jsonPath("$.items[0].name").isEqualTo("ci");
    }

    @Test
    void aRevokedKeyStopsWorkingAtOnce() {
        TestTenant tenant = signUp();
        Map<?, ?> created = createKey(tenant.apiKey(), "to revoke", List.of("admin"));
        String key = (String) created.get("apiKey");
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + key).exchange().expectStatus().isOk();

        http.delete().uri("/api/v1/api-keys/{id}", created.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isNoContent();

        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + key)
                .exchange()
                .expectStatus().isUnauthorized();
        http.delete().uri("/api/v1/api-keys/{id}", created.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isNotFound();
    }

    @Test
    void anotherTenantCannotSeeOrRevokeTheKeys() {
        TestTenant a = signUp();
        TestTenant b = signUp();
        String aKeyId = keyIds(a).getFirst();

        assertThat(keyIds(b)).doesNotContain(aKeyId).hasSize(1);
        http.delete().uri("/api/v1/api-keys/{id}", aKeyId)
                .header("Authorization", "Bearer " + b.apiKey())
                .exchange()
                .expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("not_found");

        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + a.apiKey())
                .exchange()
                .expectStatus().isOk();
        assertThat(keyIds(a)).containsExactly(aKeyId);
    }

    @Test
    void listsPageWithACursor() {
        TestTenant tenant = signUp();
        for (int i = 0; i < 4; i++) {
            createKey(tenant.apiKey(), "key " + i, List.of("jobs:read"));
        }

        Map<?, ?> first = page(tenant, "/api/v1/api-keys?limit=2");
        Map<?, ?> second = page(tenant, "/api/v1/api-keys?limit=2&cursor=" + first.get("nextCursor"));
        Map<?, ?> third = page(tenant, "/api/v1/api-keys?limit=2&cursor=" + second.get("nextCursor"));

        assertThat(names(first)).containsExactly("key 3", "key 2");
        assertThat(names(second)).containsExactly("key 1", "key 0");
        assertThat(names(third)).containsExactly("default");
        assertThat(third.get("nextCursor")).isNull();
    }

    @Test
    void badKeyRequestsNameTheField() {
        TestTenant tenant = signUp();

        http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "", "scopes", List.of("jobs:read", "root")))
                .exchange()
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo("invalid_request")
                .jsonPath("$.errors[0].field").isEqualTo("name")
                .jsonPath("$.errors[1].field").isEqualTo("scopes[1]");
        http.get().uri("/api/v1/api-keys?limit=0").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("limit");
        http.get().uri("/api/v1/api-keys?cursor=nonsense").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("cursor");
        assertThat(keyIds(tenant)).hasSize(1);
    }

    private Map<?, ?> createKey(String adminKey, String name, List<String> scopes) {
        return http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + adminKey)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", name, "scopes", scopes))
                .exchange()
                .expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
    }

    private List<String> keyIds(TestTenant tenant) {
        Map<?, ?> body = page(tenant, "/api/v1/api-keys");
        return ((List<?>) body.get("items")).stream().map(item -> (String) ((Map<?, ?>) item).get("id")).toList();
    }

    private Map<?, ?> page(TestTenant tenant, String uri) {
        return http.get().uri(uri).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody();
    }

    private static List<String> names(Map<?, ?> page) {
        return ((List<?>) page.get("items")).stream().map(item -> (String) ((Map<?, ?>) item).get("name")).toList();
    }
}
