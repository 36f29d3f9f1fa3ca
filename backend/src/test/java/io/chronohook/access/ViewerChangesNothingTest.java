package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;

/**
 * Walks the API's own OpenAPI document and calls every operation that changes something as a viewer: each one must
 * answer 403 with a problem document, before it looks anything up (the path parameters are placeholders that name
 * nothing, so a 404 would mean the role was checked too late, or not at all).
 */
class ViewerChangesNothingTest extends ApiTest {

    /**
     * The operations a viewer's token does not reach because they take no member credential, or change nothing. Each
     * must be in the document, so that a renamed path cannot leave a stale exclusion behind.
     */
    private static final Map<String, String> EXCLUDED = Map.of(
            "POST /api/v1/signup", "public: creates a new tenant, needs no credential",
            "POST /api/v1/auth/token", "public: signing in, needs no credential",
            "POST /api/v1/invitations/{token}/accept", "public: the invitation's token is the credential",
            "POST /api/v1/runs/{runId}/heartbeat", "a long-running receiver's report, authorised by its run token",
            "POST /api/v1/runs/{runId}/complete", "a long-running receiver's report, authorised by its run token",
            "POST /api/v1/runs/{runId}/fail", "a long-running receiver's report, authorised by its run token",
            "POST /api/v1/schedules/preview", "reads only: computes the next fire times of a schedule, stores nothing");

    private static final Set<String> CHANGING = Set.of("post", "put", "patch", "delete");

    @Test
    void aViewerGets403ProblemOnEveryOperationThatChangesSomething() {
        TestTenant tenant = signUp();
        String viewer = "Bearer " + viewerToken(tenant);
        Map<?, ?> document = http.get().uri("/v3/api-docs").exchange().expectStatus().isOk()
                .expectBody(Map.class).returnResult().getResponseBody();

        List<String> changing = new ArrayList<>();
        ((Map<?, ?>) document.get("paths")).forEach((path, item) -> ((Map<?, ?>) item).keySet().stream()
                .map(Object::toString).filter(CHANGING::contains)
                .forEach(method -> changing.add(method.toUpperCase() + " " + path)));
        assertThat(changing).containsAll(EXCLUDED.keySet());

        List<String> walked = new ArrayList<>();
        for (String operation : changing) {
            if (EXCLUDED.containsKey(operation)) {
                continue;
            }
            String method = operation.substring(0, operation.indexOf(' '));
            String path = operation.substring(operation.indexOf(' ') + 1).replaceAll("\\{[^}]+}", "placeholder");
            http.method(HttpMethod.valueOf(method)).uri(path).header("Authorization", viewer)
                    .contentType(MediaType.APPLICATION_JSON).bodyValue("{}")
                    .exchange()
                    .expectStatus().value(status -> assertThat(status).as(operation).isEqualTo(403))
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
            walked.add(operation);
        }

        // Every changing operation but the exclusions, and the document has plenty: a walk that found no paths (or
        // a document without the team's own operations) cannot pass.
        assertThat(walked).hasSize(changing.size() - EXCLUDED.size()).hasSizeGreaterThanOrEqualTo(28)
                .contains("POST /api/v1/members/invitations", "PATCH /api/v1/members/{id}",
                        "DELETE /api/v1/members/{id}", "DELETE /api/v1/members/invitations/{id}",
                        "POST /api/v1/jobs", "POST /api/v1/api-keys", "PUT /api/v1/operator/tenants/{tenantId}/plan");
    }

    @Test
    void theSameViewerReadsTheTenantsJobsAndMembers() {
        TestTenant tenant = signUp();
        String viewer = "Bearer " + viewerToken(tenant);

        http.get().uri("/api/v1/jobs").header("Authorization", viewer).exchange().expectStatus().isOk();
        http.get().uri("/api/v1/members").header("Authorization", viewer).exchange().expectStatus().isOk();
        http.get().uri("/api/v1/members/invitations").header("Authorization", viewer).exchange()
                .expectStatus().isOk();
    }

    private String viewerToken(TestTenant tenant) {
        String email = "viewer-" + UUID.randomUUID() + "@example.com";
        String link = (String) http.post().uri("/api/v1/members/invitations")
                .header("Authorization", "Bearer " + tenant.apiKey()).contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("email", email, "role", "viewer")).exchange()
                .expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody().get("acceptLink");
        http.post().uri("/api/v1/invitations/{token}/accept", link.substring(link.lastIndexOf('/') + 1))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("password", PASSWORD)).exchange()
                .expectStatus().isCreated();
        return (String) http.post().uri("/api/v1/auth/token").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("email", email, "password", PASSWORD)).exchange()
                .expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody().get("accessToken");
    }
}
