package io.chronohook.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Usage is counted as outcomes are written, into daily counters, and the counters equal what a scan of the run and
 * attempt rows gives — after retries, a dead run replayed and an outcome written a second time.
 */
class UsageRollupTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    RunStore runs;

    @Test
    void theDailyCountersEqualARowScanAfterRetriesAndAReplay() {
        TestTenant tenant = signUp();
        AtomicInteger flakyCalls = new AtomicInteger();
        receiver.script("/flaky", r -> flakyCalls.incrementAndGet() <= 3 ? new Reply(500, "down") : new Reply(200, "ok"));
        String flaky = standbyJob(tenant, "/flaky", Map.of("maxAttempts", 3, "initialDelay", "PT1S",
                "maxDelay", "PT1S"));
        String steady = standbyJob(tenant, "/steady", Map.of());

        String dead = trigger(tenant, flaky, 1);
        String lastSteady = trigger(tenant, steady, 5);
        awaitState(tenant, dead, "dead");
        awaitRuns(tenant, steady, "succeeded", 5);
        http.post().uri("/api/v1/runs/{id}/replay", dead).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isAccepted();
        awaitState(tenant, dead, "succeeded");

        UUID id = tenantUuid(tenant.tenantId());
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            Map<String, Object> counters = counters(id);
            assertThat(counters.get("executions")).isEqualTo(6L);
            assertThat(counters.get("attempts")).isEqualTo(9L);
        });
        // The outcome of an attempt already recorded, written again (as a late writer would): not counted twice.
        Instant now = Instant.now();
        FinishedAttempt again = new FinishedAttempt(RunId.parse(lastSteady).orElseThrow(), new TenantId(id),
                JobId.parse(steady).orElseThrow(), 1, RunState.SUCCEEDED, null, true, now, now, now, 200, 1,
                "delivered", null, null, "ok", null, "127.0.0.1", false)
                .with(new FinishedAttempt.Exchange("POST /steady", null, 1, 1000));
        runs.finish(List.of(again), now).collectList().block();

        Map<String, Object> counters = counters(id);
        assertThat(counters).isEqualTo(scan(id));
        assertThat((Long) counters.get("egress")).isGreaterThan(9 * 200L);

        Map<?, ?> usage = http.get().uri("/api/v1/usage").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        assertThat(((Number) usage.get("executions")).longValue()).isEqualTo(6);
        assertThat(((Number) usage.get("attempts")).longValue()).isEqualTo(9);
        assertThat(((Number) usage.get("egressBytes")).longValue()).isEqualTo(counters.get("egress"));
        assertThat((List<?>) usage.get("days")).isNotEmpty();
    }

    /** Sums of the tenant's daily counters. */
    private Map<String, Object> counters(UUID tenant) {
        return db.sql("""
                select coalesce(sum(executions), 0) as executions, coalesce(sum(attempts), 0) as attempts,
                       coalesce(sum(egress_bytes), 0) as egress
                  from usage_daily where tenant_id = :tenant
                """).bind("tenant", tenant)
                .map(row -> Map.<String, Object>of("executions", row.get("executions", Long.class),
                        "attempts", row.get("attempts", Long.class), "egress", row.get("egress", Long.class)))
                .one().block();
    }

    /** The same figures counted from the rows: runs that went out at least once, attempts, bytes sent. */
    private Map<String, Object> scan(UUID tenant) {
        return db.sql("""
                select (select count(*) from run where tenant_id = :tenant and first_attempt_at is not null)
                           as executions,
                       (select count(*) from attempt where tenant_id = :tenant) as attempts,
                       (select coalesce(sum(request_bytes), 0) from attempt where tenant_id = :tenant) as egress
                """).bind("tenant", tenant)
                .map(row -> Map.<String, Object>of("executions", row.get("executions", Long.class),
                        "attempts", row.get("attempts", Long.class), "egress", row.get("egress", Long.class)))
                .one().block();
    }

    private void awaitState(TestTenant tenant, String runId, String state) {
        await().atMost(Duration.ofSeconds(30)).until(() -> state.equals(http.get().uri("/api/v1/runs/{id}", runId)
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody()
                .get("state")));
    }
}
