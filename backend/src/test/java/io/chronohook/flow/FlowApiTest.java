package io.chronohook.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The flow-control API on the real backend and Postgres: flow keys and endpoint limits are saved, read back, listed,
 * audited and deleted; bad ones are refused naming every field; a job names its key (literally or from a label) and
 * its priority, and its runs carry them.
 */
class FlowApiTest extends ApiTest {

    @Autowired
    DatabaseClient db;

    @Test
    void flowKeysAreSavedReadListedAuditedAndDeleted() {
        TestTenant tenant = signUp();

        put(tenant, "/api/v1/flow-keys/customer-42", Map.of("weight", 5, "maxInFlight", 10,
                "rate", Map.of("limit", 20, "period", "PT1M")))
                .expectStatus().isOk().expectBody()
                .jsonPath("$.key").isEqualTo("customer-42")
                .jsonPath("$.weight").isEqualTo(5)
                .jsonPath("$.maxInFlight").isEqualTo(10)
                .jsonPath("$.rate.limit").isEqualTo(20)
                .jsonPath("$.rate.period").isEqualTo("PT1M")
                .jsonPath("$.rate.burst").isEqualTo(20);
        put(tenant, "/api/v1/flow-keys/_default", Map.of("weight", 2)).expectStatus().isOk();
        // Saving again replaces: the rate is gone.
        put(tenant, "/api/v1/flow-keys/customer-42", Map.of("weight", 3)).expectStatus().isOk();

        get(tenant, "/api/v1/flow-keys/customer-42").expectStatus().isOk().expectBody()
                .jsonPath("$.weight").isEqualTo(3)
                .jsonPath("$.maxInFlight").doesNotExist()
                .jsonPath("$.rate").doesNotExist();
        get(tenant, "/api/v1/flow-keys").expectStatus().isOk().expectBody()
                .jsonPath("$.items[0].key").isEqualTo("_default")
                .jsonPath("$.items[1].key").isEqualTo("customer-42")
                .jsonPath("$.items.length()").isEqualTo(2);
        get(tenant, "/api/v1/audit").expectBody()
                .jsonPath("$.items[0].action").isEqualTo("flow_key.updated")
                .jsonPath("$.items[0].target.id").isEqualTo("customer-42")
                .jsonPath("$.items[0].details.weight").isEqualTo(3);

        delete(tenant, "/api/v1/flow-keys/customer-42").expectStatus().isNoContent();
        get(tenant, "/api/v1/flow-keys/customer-42").expectStatus().isNotFound();
        delete(tenant, "/api/v1/flow-keys/customer-42").expectStatus().isNotFound();
        // Another tenant sees none of it.
        get(signUp(), "/api/v1/flow-keys").expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }

    @Test
    void endpointLimitsAreSavedReadAndDeletedPerHost() {
        TestTenant tenant = signUp();

        put(tenant, "/api/v1/endpoints/API.Example.com:8443/limits", Map.of("maxInFlight", 10,
                "rate", Map.of("limit", 50, "burst", 80)))
                .expectStatus().isOk().expectBody()
                .jsonPath("$.host").isEqualTo("api.example.com:8443")
                .jsonPath("$.maxInFlight").isEqualTo(10)
                .jsonPath("$.rate.limit").isEqualTo(50)
                .jsonPath("$.rate.period").isEqualTo("PT1S")
                .jsonPath("$.rate.burst").isEqualTo(80)
                .jsonPath("$.source").isEqualTo("tenant");
        get(tenant, "/api/v1/endpoints/api.example.com:8443/limits").expectStatus().isOk().expectBody()
                .jsonPath("$.maxInFlight").isEqualTo(10);
        get(tenant, "/api/v1/audit").expectBody()
                .jsonPath("$.items[0].action").isEqualTo("endpoint_limits.updated")
                .jsonPath("$.items[0].target.id").isEqualTo("api.example.com:8443");

        delete(tenant, "/api/v1/endpoints/api.example.com:8443/limits").expectStatus().isNoContent();
        get(tenant, "/api/v1/endpoints/api.example.com:8443/limits").expectStatus().isNotFound();
    }

    @Test
    void aHostWithoutLimitsOfItsOwnHasItsPlansDefault() {
        TestTenant tenant = signUp();
        http.put().uri("/api/v1/operator/plans/{code}", "flow-default").header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.ofEntries(Map.entry("name", "flow-default"), Map.entry("maxJobs", 100),
                        Map.entry("executionsPerMonth", 1000), Map.entry("dispatchRatePerSecond", 10),
                        Map.entry("dispatchBurst", 10), Map.entry("fairShareWeight", 1),
                        Map.entry("minIntervalSeconds", 1), Map.entry("maxPayloadBytes", 65536),
                        Map.entry("historyRetentionDays", 7), Map.entry("apiRequestsPerSecond", 1000),
                        Map.entry("monthlyPriceCents", 0), Map.entry("overageCentsPer1000", 0),
                        Map.entry("endpointMaxInFlight", 7)))
                .exchange().expectStatus().isOk();
        assignPlan(tenant.tenantId(), "flow-default").expectStatus().isOk();

        get(tenant, "/api/v1/endpoints/example.com/limits").expectStatus().isOk().expectBody()
                .jsonPath("$.host").isEqualTo("example.com")
                .jsonPath("$.maxInFlight").isEqualTo(7)
                .jsonPath("$.source").isEqualTo("plan");
        put(tenant, "/api/v1/endpoints/example.com/limits", Map.of("maxInFlight", 50)).expectStatus().isOk();
        get(tenant, "/api/v1/endpoints/example.com/limits").expectBody()
                .jsonPath("$.maxInFlight").isEqualTo(50)
                .jsonPath("$.source").isEqualTo("tenant");
    }

    @Test
    void badSettingsAreRefusedNamingEveryField() {
        TestTenant tenant = signUp();

        put(tenant, "/api/v1/flow-keys/not a key", Map.of("weight", 0, "maxInFlight", 0,
                "rate", Map.of("period", "PT2H", "burst", 0)))
                .expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.errors[?(@.field == 'key')]").exists()
                .jsonPath("$.errors[?(@.field == 'weight')]").exists()
                .jsonPath("$.errors[?(@.field == 'maxInFlight')]").exists()
                .jsonPath("$.errors[?(@.field == 'rate.limit')]").exists()
                .jsonPath("$.errors[?(@.field == 'rate.period')]").exists()
                .jsonPath("$.errors[?(@.field == 'rate.burst')]").exists();
        put(tenant, "/api/v1/endpoints/exa_mple.com/limits", Map.of())
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[?(@.field == 'host')]").exists()
                .jsonPath("$.errors[?(@.field == 'maxInFlight')]").exists();
        get(tenant, "/api/v1/flow-keys").expectBody().jsonPath("$.items.length()").isEqualTo(0);

        // Reading needs jobs:read, changing jobs:write.
        Map<?, ?> key = http.post().uri("/api/v1/api-keys").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "reader", "scopes", List.of("jobs:read")))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        TestTenant reader = new TestTenant(tenant.tenantId(), tenant.email(), (String) key.get("apiKey"), null);
        get(reader, "/api/v1/flow-keys").expectStatus().isOk();
        put(reader, "/api/v1/flow-keys/k", Map.of()).expectStatus().isForbidden();
        put(reader, "/api/v1/endpoints/example.com/limits", Map.of("maxInFlight", 1)).expectStatus().isForbidden();
    }

    @Test
    void aJobNamesItsKeyLiterallyOrFromALabelAndItsPriorityAndItsRunsCarryThem() {
        TestTenant tenant = signUp();

        Map<?, ?> literal = createJob(tenant, Map.of("flowKey", "reports", "priority", "high"))
                .expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(literal.get("flowKey")).isEqualTo("reports");
        assertThat(literal.get("resolvedFlowKey")).isNull();
        assertThat(literal.get("priority")).isEqualTo("high");

        Map<?, ?> templated = createJob(tenant, Map.of("labels", Map.of("customer", "acme-7"),
                "flowKey", "customer:{labels.customer}"))
                .expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(templated.get("flowKey")).isEqualTo("customer:{labels.customer}");
        assertThat(templated.get("resolvedFlowKey")).isEqualTo("customer:acme-7");
        assertThat(templated.get("priority")).isEqualTo("normal");

        Map<?, ?> run = http.post().uri("/api/v1/jobs/{id}/trigger", templated.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isAccepted().expectBody(Map.class).returnResult().getResponseBody();
        Map<String, Object> stored = db.sql("select flow_key, priority from run where id = :id")
                .bind("id", storedId((String) run.get("id")))
                .fetch().one().block();
        assertThat(stored).containsEntry("flow_key", "customer:acme-7").containsEntry("priority", (short) 1);

        // A template naming a label the job lacks, a value that is no key, and an unknown priority are refused.
        createJob(tenant, Map.of("flowKey", "{labels.customer}", "priority", "urgent"))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[?(@.field == 'flowKey')].message").value(messages ->
                        assertThat(messages.toString()).contains("label customer"))
                .jsonPath("$.errors[?(@.field == 'priority')]").exists();
        createJob(tenant, Map.of("labels", Map.of("customer", "Acme Corp"), "flowKey", "{labels.customer}"))
                .expectStatus().isBadRequest().expectBody()
                .jsonPath("$.errors[0].field").isEqualTo("flowKey")
                .jsonPath("$.errors[0].message").value(message ->
                        assertThat(message.toString()).contains("\"Acme Corp\""));

        // A merge patch changes the priority and drops the key.
        http.patch().uri("/api/v1/jobs/{id}", literal.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                .header("If-Match", "\"1\"").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"flowKey\":null,\"priority\":\"low\"}")
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.flowKey").doesNotExist()
                .jsonPath("$.priority").isEqualTo("low");
    }

    private WebTestClient.ResponseSpec createJob(TestTenant tenant, Map<String, Object> fields) {
        Map<String, Object> body = new java.util.HashMap<>(Map.of("name", "flow",
                "schedule", Map.of("type", "at", "at", Instant.now().plusSeconds(86_400).toString()),
                "target", Map.of("url", "https://example.com/hook")));
        body.putAll(fields);
        return http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    private WebTestClient.ResponseSpec put(TestTenant tenant, String path, Map<String, Object> body) {
        return http.put().uri(path).header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    private WebTestClient.ResponseSpec get(TestTenant tenant, String path) {
        return http.get().uri(path).header("Authorization", "Bearer " + tenant.apiKey()).exchange();
    }

    private WebTestClient.ResponseSpec delete(TestTenant tenant, String path) {
        return http.delete().uri(path).header("Authorization", "Bearer " + tenant.apiKey()).exchange();
    }
}
