package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.platform.KeyedReads;
import io.chronohook.support.ApiTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;

/**
 * The API's reads by key (a job, a job's runs, a run) go to connections of their own whose statements are planned once
 * and kept; one connection here, so that its session can be looked at after the reads.
 */
@TestPropertySource(properties = {"chronohook.keyed-reads.connections=1", "chronohook.roles=api"})
class KeyedReadsApiTest extends ApiTest {

    @Autowired
    private KeyedReads keyed;

    @Autowired
    private DatabaseClient db;

    @Test
    void jobAndRunReadsUsePlansKeptOnTheirOwnConnection() {
        TestTenant tenant = signUp();
        Map<?, ?> created = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(JobsApiTest.cronJob("kept-plans", "0 2 * * *", "Europe/Berlin"))
                .exchange()
                .expectStatus().isCreated()
                .expectBody(Map.class).returnResult().getResponseBody();
        for (int i = 0; i < 3; i++) {
            http.get().uri("/api/v1/jobs/{id}", created.get("id")).header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange()
                    .expectStatus().isOk()
                    .expectBody()
                    .jsonPath("$.name").isEqualTo("kept-plans")
                    .jsonPath("$.nextRunAt").isEqualTo(created.get("nextRunAt"));
            http.get().uri("/api/v1/jobs/{id}/runs", created.get("id"))
                    .header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange()
                    .expectStatus().isOk()
                    .expectBody()
                    .jsonPath("$.items").isArray();
        }
        http.get().uri("/api/v1/jobs/{id}", "job_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a")
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isNotFound();

        assertThat(keyed.ownConnections()).isTrue();
        assertThat(planCacheMode(keyed.client())).isEqualTo("force_generic_plan");
        assertThat(planCacheMode(db)).isEqualTo("force_custom_plan");

        List<Map<String, Object>> prepared = keyed.client()
                .sql("select statement, generic_plans, custom_plans from pg_prepared_statements")
                .fetch().all().collectList().block();
        Map<String, Object> jobRead = only(prepared, "from job j");
        assertThat((Long) jobRead.get("generic_plans")).isGreaterThanOrEqualTo(4);
        assertThat(jobRead.get("custom_plans")).isEqualTo(0L);
        Map<String, Object> runList = only(prepared, "and job_id = $");
        assertThat((Long) runList.get("generic_plans")).isGreaterThanOrEqualTo(6);
        assertThat(runList.get("custom_plans")).isEqualTo(0L);
    }

    @Test
    void aCreateMadeAloneGoesToTheKeptPlansAndOneInATransactionStaysOnTheMainPool() {
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "business").expectStatus().isOk();
        for (int i = 0; i < 5; i++) {
            create(tenant, JobsApiTest.cronJob("alone-" + i, "0 3 * * *", "UTC"), null);
        }
        // One after another, each is a statement of one job (those that arrive together share it).
        Map<String, Object> alone = only(prepared(), "cross join counted");
        long executions = (Long) alone.get("generic_plans");
        assertThat(executions).isGreaterThanOrEqualTo(5);
        assertThat(alone.get("custom_plans")).isEqualTo(0L);
        assertThat(prepared()).allSatisfy(statement -> assertThat(statement.get("custom_plans")).isEqualTo(0L));

        // With an Idempotency-Key the create and its key are one transaction: the main pool's connection.
        create(tenant, JobsApiTest.cronJob("keyed", "0 3 * * *", "UTC"), "create-once");
        assertThat(only(prepared(), "cross join counted").get("generic_plans")).isEqualTo(executions);
        http.get().uri("/api/v1/jobs?limit=10").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.items.length()").isEqualTo(6);
    }

    private void create(TestTenant tenant, Map<String, Object> job, String idempotencyKey) {
        var request = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON);
        if (idempotencyKey != null) {
            request = request.header("Idempotency-Key", idempotencyKey);
        }
        request.bodyValue(job).exchange().expectStatus().isCreated();
    }

    private List<Map<String, Object>> prepared() {
        return keyed.client().sql("select statement, generic_plans, custom_plans from pg_prepared_statements")
                .fetch().all().collectList().block();
    }

    private static String planCacheMode(DatabaseClient client) {
        return client.sql("select current_setting('plan_cache_mode') as mode")
                .map(row -> row.get("mode", String.class)).one().block();
    }

    private static Map<String, Object> only(List<Map<String, Object>> prepared, String part) {
        List<Map<String, Object>> matching = prepared.stream()
                .filter(statement -> ((String) statement.get("statement")).contains(part))
                .toList();
        assertThat(matching).as("prepared statements containing '%s' among %s", part, prepared).hasSize(1);
        return matching.getFirst();
    }
}
