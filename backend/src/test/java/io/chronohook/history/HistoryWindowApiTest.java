package io.chronohook.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.job.JobId;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.RunId;
import io.chronohook.support.ReceiverApiTest;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Each tenant sees its plan's history window: a tenant whose plan keeps 7 days (as Free does) no longer lists, shows or replays a run
 * scheduled 10 days ago — it answers {@code 410 history_expired} — while a Business tenant (90 days) still does.
 */
class HistoryWindowApiTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @Test
    void aSevenDayTenantNoLongerSeesATenDayOldRunWhileABusinessTenantStillDoes() {
        // A plan keeping 7 days, like Free, without Free's API rate limit.
        operatorPlan("seven-days", 1, 1000, 1000, 1_000_000, 0);
        TestTenant free = signUp();
        TestTenant business = signUp();
        assignPlan(free.tenantId(), "seven-days").expectStatus().isOk();
        assignPlan(business.tenantId(), "business").expectStatus().isOk();

        String freeJob = standbyJob(free, "/free", Map.of());
        String businessJob = standbyJob(business, "/business", Map.of());
        Instant now = Instant.now();
        String freeOld = deadRun(freeJob, now.minus(Duration.ofDays(10)));
        String freeRecent = deadRun(freeJob, now.minus(Duration.ofDays(3)));
        String businessOld = deadRun(businessJob, now.minus(Duration.ofDays(10)));

        assertThat(runIds(free, "/api/v1/jobs/" + freeJob + "/runs")).containsExactly(freeRecent);
        assertThat(runIds(free, "/api/v1/dead-letters")).containsExactly(freeRecent);
        for (String call : List.of("GET /api/v1/runs/" + freeOld, "POST /api/v1/runs/" + freeOld + "/replay")) {
            String[] parts = call.split(" ");
            http.method(org.springframework.http.HttpMethod.valueOf(parts[0])).uri(parts[1])
                    .header("Authorization", "Bearer " + free.apiKey())
                    .exchange()
                    .expectStatus().isEqualTo(410)
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody()
                    .jsonPath("$.code").isEqualTo("history_expired")
                    .jsonPath("$.detail").value(detail -> assertThat((String) detail).contains("7-day"));
        }
        http.get().uri("/api/v1/runs/{id}", freeRecent).header("Authorization", "Bearer " + free.apiKey())
                .exchange().expectStatus().isOk();
        // Another tenant's run, however old, is not found; so is an id that names no run at all.
        http.get().uri("/api/v1/runs/{id}", freeOld).header("Authorization", "Bearer " + business.apiKey())
                .exchange().expectStatus().isNotFound();
        http.get().uri("/api/v1/runs/run_{id}", "0".repeat(32)).header("Authorization", "Bearer " + free.apiKey())
                .exchange().expectStatus().isNotFound();

        assertThat(runIds(business, "/api/v1/jobs/" + businessJob + "/runs")).containsExactly(businessOld);
        assertThat(runIds(business, "/api/v1/dead-letters")).containsExactly(businessOld);
        http.get().uri("/api/v1/runs/{id}", businessOld).header("Authorization", "Bearer " + business.apiKey())
                .exchange().expectStatus().isOk();
        http.post().uri("/api/v1/runs/{id}/replay", businessOld).header("Authorization", "Bearer " + business.apiKey())
                .exchange().expectStatus().isAccepted();
    }

    @Test
    void aJobsRunsArePagedNewestFirstAcrossTheRecentDayAndTheDaysBeforeIt() {
        TestTenant business = signUp();
        assignPlan(business.tenantId(), "business").expectStatus().isOk();
        String job = standbyJob(business, "/pages", Map.of());
        Instant now = Instant.now();
        // Newest first: one ahead of now (a planned run), three within the day before now, two days back and further.
        List<String> expected = List.of(Duration.ofHours(-1), Duration.ofHours(1), Duration.ofHours(20),
                        Duration.ofHours(23), Duration.ofDays(2), Duration.ofDays(3), Duration.ofDays(40)).stream()
                .map(back -> deadRun(job, now.minus(back))).toList();

        List<String> listed = new java.util.ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            String path = "/api/v1/jobs/" + job + "/runs?limit=2" + (cursor == null ? "" : "&cursor=" + cursor);
            Map<?, ?> page = http.get().uri(path).header("Authorization", "Bearer " + business.apiKey())
                    .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
            ((List<?>) page.get("items")).forEach(item -> listed.add((String) ((Map<?, ?>) item).get("id")));
            cursor = (String) page.get("nextCursor");
            pages++;
        } while (cursor != null && pages < 10);

        assertThat(listed).containsExactlyElementsOf(expected);
        assertThat(pages).isEqualTo(4);
    }

    /**
     * Writes a dead run of the job scheduled at {@code at} (its id carries that time, as every run id does); a job has
     * no run from before it was made, so the job is made that old if it is younger.
     */
    private String deadRun(String jobId, Instant at) {
        UUID run = Uuid7.at(at);
        OffsetDateTime scheduled = at.atOffset(ZoneOffset.UTC);
        db.sql("update job set created_at = least(created_at, :at) where id = :job").bind("at", scheduled)
                .bind("job", PrefixedIds.parse(JobId.PREFIX, jobId).orElseThrow()).then().block();
        db.sql("""
                insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, attempt, finished_at,
                                 created_at, updated_at)
                select :id, tenant_id, id, :at, :at, 'dead', 1, :at, :at, :at from job where id = :job
                """).bind("id", run).bind("at", scheduled)
                .bind("job", PrefixedIds.parse(JobId.PREFIX, jobId).orElseThrow()).then().block();
        return PrefixedIds.format(RunId.PREFIX, run);
    }

    private List<String> runIds(TestTenant tenant, String path) {
        Map<?, ?> page = http.get().uri(path).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return ((List<?>) page.get("items")).stream().map(item -> (String) ((Map<?, ?>) item).get("id")).toList();
    }
}
