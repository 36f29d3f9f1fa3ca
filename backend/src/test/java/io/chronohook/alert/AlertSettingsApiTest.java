package io.chronohook.alert;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The alert settings API: defaults, validation with every field named, audit, turning off, and tenant isolation. */
class AlertSettingsApiTest extends ApiTest {

    @Test
    void withoutAWebhookAlertsAreOffAndShowTheDefaults() {
        TestTenant tenant = signUp();

        get(tenant, "/api/v1/alerts/settings").expectStatus().isOk().expectBody()
                .jsonPath("$.enabled").isEqualTo(false)
                .jsonPath("$.url").doesNotExist()
                .jsonPath("$.failingThreshold").isEqualTo(5)
                .jsonPath("$.missedWindowAfter").isEqualTo("PT1M")
                .jsonPath("$.cooldown").isEqualTo("PT1H")
                .jsonPath("$.events.length()").isEqualTo(5);
        http.post().uri("/api/v1/alerts/test").header("Authorization", "Bearer " + tenant.apiKey()).exchange()
                .expectStatus().isEqualTo(409)
                .expectBody().jsonPath("$.code").isEqualTo("alerts_off");
    }

    @Test
    void settingsAreSavedReadBackAuditedAndTurnedOff() {
        TestTenant tenant = signUp();

        put(tenant, Map.of("url", "http://127.0.0.1:9/chronohook?token=abc", "failingThreshold", 3,
                "missedWindowAfter", "PT30S", "cooldown", "PT15M", "events", List.of("run.dead_lettered",
                        "job.failing", "run.dead_lettered")))
                .expectStatus().isOk().expectBody()
                .jsonPath("$.enabled").isEqualTo(true)
                .jsonPath("$.url").isEqualTo("http://127.0.0.1:9/chronohook?token=abc")
                .jsonPath("$.failingThreshold").isEqualTo(3)
                .jsonPath("$.missedWindowAfter").isEqualTo("PT30S")
                .jsonPath("$.cooldown").isEqualTo("PT15M")
                .jsonPath("$.events").isEqualTo(List.of("run.dead_lettered", "job.failing"))
                .jsonPath("$.updatedAt").isNotEmpty();
        get(tenant, "/api/v1/alerts/settings").expectBody().jsonPath("$.failingThreshold").isEqualTo(3);
        get(tenant, "/api/v1/audit").expectBody()
                .jsonPath("$.items[0].action").isEqualTo("alert_settings.updated")
                .jsonPath("$.items[0].details.host").isEqualTo("127.0.0.1")
                .jsonPath("$.items[0].details.url").doesNotExist();

        http.delete().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();

        get(tenant, "/api/v1/alerts/settings").expectBody().jsonPath("$.enabled").isEqualTo(false);
        get(tenant, "/api/v1/audit").expectBody().jsonPath("$.items[0].action").isEqualTo("alert_settings.deleted");
    }

    @Test
    void badSettingsAreRefusedNamingEveryFieldAndTheReason() {
        TestTenant tenant = signUp();

        put(tenant, Map.of("url", "ftp://alerts.example.com/x", "failingThreshold", 0, "missedWindowAfter", "soon",
                "cooldown", "PT1S", "events", List.of("run.dead_lettered", "job.exploded")))
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.code").isEqualTo("target_not_allowed")
                .jsonPath("$.errors[0].field").isEqualTo("url")
                .jsonPath("$.errors[1].field").isEqualTo("failingThreshold")
                .jsonPath("$.errors[1].message").isEqualTo("must be between 1 and 100")
                .jsonPath("$.errors[2].field").isEqualTo("missedWindowAfter")
                .jsonPath("$.errors[2].message").isEqualTo("must be an ISO-8601 duration such as PT30S")
                .jsonPath("$.errors[3].field").isEqualTo("cooldown")
                .jsonPath("$.errors[3].message").isEqualTo("must be between PT1M and PT168H")
                .jsonPath("$.errors[4].field").isEqualTo("events[1]");
        put(tenant, Map.of("failingThreshold", 5, "events", List.of()))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.code").isEqualTo("invalid_request")
                .jsonPath("$.errors[0].field").isEqualTo("url")
                .jsonPath("$.errors[0].message").isEqualTo("is required")
                .jsonPath("$.errors[1].field").isEqualTo("events");
        http.put().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"url\": ")
                .exchange().expectStatus().isBadRequest().expectBody().jsonPath("$.code").isEqualTo("malformed_json");

        get(tenant, "/api/v1/alerts/settings").expectBody().jsonPath("$.enabled").isEqualTo(false);
    }

    @Test
    void anotherTenantsAlertsAreNotFoundAndNeverListed() {
        TestTenant owner = signUp();
        TestTenant other = signUp();
        put(owner, Map.of("url", "http://127.0.0.1:9/hook")).expectStatus().isOk();
        Map<?, ?> alert = http.post().uri("/api/v1/alerts/test").header("Authorization", "Bearer " + owner.apiKey())
                .exchange().expectStatus().isAccepted().expectBody(Map.class).returnResult().getResponseBody();
        String id = (String) alert.get("id");
        assertThat(id).startsWith("alr_");
        assertThat(alert.get("type")).isEqualTo("alert.test");

        get(owner, "/api/v1/alerts/" + id).expectStatus().isOk().expectBody().jsonPath("$.id").isEqualTo(id);
        get(other, "/api/v1/alerts/" + id).expectStatus().isNotFound()
                .expectBody().jsonPath("$.code").isEqualTo("not_found");
        get(other, "/api/v1/alerts/alr_nothex").expectStatus().isNotFound();
        get(other, "/api/v1/alerts").expectStatus().isOk().expectBody().jsonPath("$.items.length()").isEqualTo(0);
        get(other, "/api/v1/alerts/settings").expectBody().jsonPath("$.enabled").isEqualTo(false);
    }

    @Test
    void settingsNeedTheAdminScopeAndTheListNeedsJobsRead() {
        TestTenant tenant = signUp();
        Map<?, ?> key = http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "reader", "scopes", List.of("jobs:read")))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        TestTenant reader = new TestTenant(tenant.tenantId(), tenant.email(), (String) key.get("apiKey"),
                tenant.signingSecret());

        get(reader, "/api/v1/alerts").expectStatus().isOk();
        get(reader, "/api/v1/alerts/settings").expectStatus().isForbidden();
        put(reader, Map.of("url", "http://127.0.0.1:9/hook")).expectStatus().isForbidden();
        http.get().uri("/api/v1/alerts").exchange().expectStatus().isUnauthorized();
    }

    private WebTestClient.ResponseSpec get(TestTenant tenant, String path) {
        return http.get().uri(path).header("Authorization", "Bearer " + tenant.apiKey()).exchange();
    }

    private WebTestClient.ResponseSpec put(TestTenant tenant, Map<String, Object> body) {
        return http.put().uri("/api/v1/alerts/settings").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }
}
