package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Single creates that arrive together are made together (one statement for several), and each is still its own:
 * answered with its own job, written as answered, audited on its own, counted exactly.
 */
class CreateCoalescingApiTest extends ApiTest {

    private static final JsonMapper JSON = new JsonMapper();

    @Autowired
    private DatabaseClient db;

    @Autowired
    private MeterRegistry meters;

    @Test
    void concurrentSingleCreatesShareStatementsAndEachIsWrittenAnsweredAndAuditedAsItsOwn() throws Exception {
        operatorPlan("jobs-1m", 1, 100, 100, 1_000_000, 0); // a million jobs: a stripe's share is far above 32
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-1m").expectStatus().isOk();
        DistributionSummary perStatement = meters.find("chronohook.job.creates.per.statement").summary();
        double jobsBefore = perStatement.totalAmount();
        long statementsBefore = perStatement.count();

        // 160 creates, 32 in flight at a time: while one statement is written the next creates queue for the next.
        List<HttpResponse<byte[]>> answers = ConcurrentCreates.send(port, tenant.apiKey(), 160, 32);

        assertThat(answers).extracting(HttpResponse::statusCode).containsOnly(201);
        Map<String, Map<?, ?>> answered = new HashMap<>();
        for (HttpResponse<byte[]> answer : answers) {
            Map<?, ?> job = JSON.readValue(answer.body(), Map.class);
            answered.put((String) job.get("id"), job);
        }
        assertThat(answered).hasSize(160);

        // Each job is written as it was answered: its name, its own creation time.
        List<Map<String, Object>> rows = db.sql("""
                        select id, name, created_at, updated_at from job where tenant_id = :tenantId
                        """).bind("tenantId", tenantUuid(tenant.tenantId())).fetch().all().collectList().block();
        assertThat(rows).hasSize(160);
        for (Map<String, Object> row : rows) {
            String id = "job_" + row.get("id").toString().replace("-", "");
            assertThat(answered).containsKey(id);
            assertThat(row.get("name")).isEqualTo(answered.get(id).get("name"));
            Instant created = ((OffsetDateTime) row.get("created_at")).toInstant();
            assertThat(created).isEqualTo(Instant.parse((String) answered.get(id).get("createdAt")));
            assertThat(((OffsetDateTime) row.get("updated_at")).toInstant()).isEqualTo(created);
        }

        // One audit event per job, naming that job and the key that made it.
        List<Map<String, Object>> events = db.sql("""
                        select actor_type, actor_id, target_type, target_id, details ->> 'name' as name
                          from audit_event where tenant_id = :tenantId and action = 'job.created'
                        """).bind("tenantId", tenantUuid(tenant.tenantId())).fetch().all().collectList().block();
        assertThat(events).hasSize(160);
        assertThat(events).extracting(event -> event.get("target_id")).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(answered.keySet());
        for (Map<String, Object> event : events) {
            assertThat(event.get("name")).isEqualTo(answered.get((String) event.get("target_id")).get("name"));
            assertThat(event.get("actor_type")).isEqualTo("api_key");
            assertThat((String) event.get("actor_id")).startsWith("key_");
            assertThat(event.get("target_type")).isEqualTo("job");
        }

        // Counted exactly, and made by fewer statements than creates.
        long counted = db.sql("select cast(sum(live) as bigint) from job_count where tenant_id = :tenantId")
                .bind("tenantId", tenantUuid(tenant.tenantId())).map(row -> row.get(0, Long.class)).one().block();
        assertThat(counted).isEqualTo(160);
        assertThat(perStatement.totalAmount() - jobsBefore).isEqualTo(160.0);
        assertThat(perStatement.count() - statementsBefore).isLessThan(160);
    }

    @Test
    void nearTheLimitCreatesThatCannotGoTogetherAreMadeOneByOneAndEachAnsweredExactly() throws Exception {
        // 2,560 jobs: groups of up to 10 (a quarter of a stripe's share). With 2,500 made, few stripes have room for
        // a group: the groups that find none are made one by one, each counted exactly, and the rest refused.
        planWithJobLimit("jobs-2560", 2_560);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-2560").expectStatus().isOk();
        for (int batch = 0; batch < 3; batch++) {
            List<Map<String, Object>> jobs = new ArrayList<>();
            for (int i = 0; i < (batch < 2 ? 1000 : 500); i++) {
                jobs.add(ConcurrentCreates.job("made-" + batch + "-" + i));
            }
            http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", jobs))
                    .exchange().expectStatus().isCreated();
        }

        List<HttpResponse<byte[]>> answers = ConcurrentCreates.send(port, tenant.apiKey(), 100, 32);

        assertThat(answers).extracting(HttpResponse::statusCode).containsOnly(201, 403);
        assertThat(answers).filteredOn(answer -> answer.statusCode() == 201).hasSize(60);
        assertThat(answers).filteredOn(answer -> answer.statusCode() == 403)
                .allSatisfy(answer -> assertThat(JSON.readValue(answer.body(), Map.class).get("code"))
                        .isEqualTo("quota_exceeded"));
        UUID tenantId = tenantUuid(tenant.tenantId());
        assertThat(count("select count(*) from job where tenant_id = :tenantId", tenantId)).isEqualTo(2_560);
        assertThat(count("select cast(sum(live) as bigint) from job_count where tenant_id = :tenantId", tenantId))
                .isEqualTo(2_560);
        assertThat(count("select count(*) from audit_event where tenant_id = :tenantId and action = 'job.created'",
                tenantId)).isEqualTo(60);
    }

    private long count(String sql, UUID tenantId) {
        return db.sql(sql).bind("tenantId", tenantId).map(row -> row.get(0, Long.class)).one().block();
    }
}
