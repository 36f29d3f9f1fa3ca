package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.support.ApiTest;
import io.chronohook.support.FreshDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The plan's job limit, checked against the per-tenant live-job count: exact under concurrent creates (no number of
 * them takes a tenant past its plan), and kept equal to the jobs actually live through creates, batches, deletes and
 * completions.
 */
class JobLimitTest extends ApiTest {

    private static final JsonMapper JSON = new JsonMapper();

    @Autowired
    private JobCounter counter;

    @Autowired
    private DatabaseClient db;

    @Test
    void concurrentCreatesNeverTakeATenantPastItsPlan() throws Exception {
        planWithJobLimit("jobs-120", 120);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-120").expectStatus().isOk();
        createBatch(tenant, 100);

        // 96 creates at once, 32 in flight at a time: exactly 20 fit.
        List<Integer> statuses = createConcurrently(tenant, 96, 32);

        assertThat(statuses.stream().filter(s -> s == 201).count()).isEqualTo(20);
        assertThat(statuses.stream().filter(s -> s == 403).count()).isEqualTo(76);
        assertThat(liveInTable(tenant)).isEqualTo(120);
        assertThat(counted(tenant)).isEqualTo(120);

        // A batch that would pass the limit is refused whole; one freed place is taken once.
        http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", List.of(job("over"))))
                .exchange().expectStatus().isForbidden()
                .expectBody().jsonPath("$.code").isEqualTo("quota_exceeded");
        String first = anyJobId(tenant);
        http.delete().uri("/api/v1/jobs/{id}", first).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();
        List<Integer> again = createConcurrently(tenant, 8, 8);
        assertThat(again.stream().filter(s -> s == 201).count()).isEqualTo(1);
        assertThat(liveInTable(tenant)).isEqualTo(120);
        assertThat(counted(tenant)).isEqualTo(120);
    }

    @Test
    void concurrentCreatesCrossingFromFarToNearTheLimitNeverPassIt() throws Exception {
        // 900 of 1,000: the first creates add to a stripe of their own, those within a stripe per stripe of the limit
        // hold every stripe; 150 at once, 32 in flight at a time: exactly 100 fit.
        planWithJobLimit("jobs-1000", 1_000);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-1000").expectStatus().isOk();
        for (int batch = 0; batch < 9; batch++) {
            createBatch(tenant, 100);
        }

        List<Integer> statuses = createConcurrently(tenant, 150, 32);

        assertThat(statuses.stream().filter(s -> s == 201).count()).isEqualTo(100);
        assertThat(statuses.stream().filter(s -> s == 403).count()).isEqualTo(50);
        assertThat(liveInTable(tenant)).isEqualTo(1_000);
        assertThat(counted(tenant)).isEqualTo(1_000);
        assertCapsShareOut(tenant, 1_000);
    }

    @Test
    void aPlanChangeIsHeldToTheNewLimitAndSharesTheCapsOutAgain() throws Exception {
        planWithJobLimit("jobs-2000", 2_000);
        planWithJobLimit("jobs-300", 300);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-2000").expectStatus().isOk();
        for (int batch = 0; batch < 3; batch++) {
            createBatch(tenant, 100);
        }
        assertThat(createConcurrently(tenant, 10, 10)).containsOnly(201);
        assertCapsShareOut(tenant, 2_000);

        // Down to 300 with 310 live: the stripes' room, shared out for 2,000, is not for this limit.
        assignPlan(tenant.tenantId(), "jobs-300").expectStatus().isOk();
        assertThat(createConcurrently(tenant, 20, 8)).containsOnly(403);
        assertThat(counted(tenant)).isEqualTo(310);

        // Back up: the caps are shared out for 2,000 again, and single creates go through.
        assignPlan(tenant.tenantId(), "jobs-2000").expectStatus().isOk();
        assertThat(createConcurrently(tenant, 40, 16)).containsOnly(201);
        assertThat(liveInTable(tenant)).isEqualTo(350);
        assertThat(counted(tenant)).isEqualTo(350);
        assertCapsShareOut(tenant, 2_000);
    }

    @Test
    void farFromTheLimitConcurrentCreatesAllGoThroughAndAreCounted() throws Exception {
        planWithJobLimit("jobs-10000", 10_000);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-10000").expectStatus().isOk();

        // The tenant's first creates, all at once: its stripes are made once, outside their transactions.
        List<Integer> statuses = createConcurrently(tenant, 200, 32);

        assertThat(statuses).containsOnly(201);
        assertThat(liveInTable(tenant)).isEqualTo(200);
        assertThat(counted(tenant)).isEqualTo(200);
        assertCapsShareOut(tenant, 10_000);
        assertThat(db.sql("select count(*) from job_count where tenant_id = :tenantId")
                .bind("tenantId", tenantUuid(tenant.tenantId())).map(row -> row.get(0, Long.class)).one().block())
                .isEqualTo(JobCounter.STRIPES);
    }

    @Test
    void concurrentBatchesNeverTakeATenantPastItsPlan() throws Exception {
        // 20 of 2,000, the caps shared out (about 31 a stripe): a batch of 20 fits on one free stripe until the stripes
        // run short, then holds them all. 120 batches at once, 16 in flight: exactly 99 fit.
        planWithJobLimit("jobs-2000b", 2_000);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-2000b").expectStatus().isOk();
        createBatch(tenant, 20);

        List<Integer> statuses = createConcurrently(tenant, "/api/v1/jobs/batch", 120, 16,
                i -> Map.of("jobs", IntStream.range(0, 20).mapToObj(j -> job("batch-" + i + "-" + j)).toList()));

        assertThat(statuses.stream().filter(s -> s == 201).count()).isEqualTo(99);
        assertThat(statuses.stream().filter(s -> s == 403).count()).isEqualTo(21);
        assertThat(liveInTable(tenant)).isEqualTo(2_000);
        assertThat(counted(tenant)).isEqualTo(2_000);
        assertCapsShareOut(tenant, 2_000);
    }

    @Test
    void aBatchFarFromTheLimitIsCountedOnAFreeStripeWithoutWaitingForTheOthers() throws Exception {
        planWithJobLimit("jobs-10000b", 10_000);
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "jobs-10000b").expectStatus().isOk();
        createBatch(tenant, 10);
        UUID tenantId = tenantUuid(tenant.tenantId());

        // Another transaction holds every stripe but the last (as a batch holding them all would, or 63 creates).
        try (Connection other = FreshDatabase.backendDatabase()) {
            other.setAutoCommit(false);
            try (Statement hold = other.createStatement()) {
                hold.execute("select stripe from job_count where tenant_id = '" + tenantId + "' and stripe < "
                        + (JobCounter.STRIPES - 1) + " for update");
            }
            http.mutate().responseTimeout(Duration.ofSeconds(10)).build()
                    .post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(Map.of("jobs", IntStream.range(0, 50).mapToObj(i -> job("beside-" + i)).toList()))
                    .exchange().expectStatus().isCreated();
            assertThat(db.sql("select live from job_count where tenant_id = :tenantId and stripe = :stripe")
                    .bind("tenantId", tenantId).bind("stripe", (short) (JobCounter.STRIPES - 1))
                    .map(row -> row.get(0, Long.class)).one().block())
                    .as("counted on the one stripe left free").isEqualTo(50);
            other.rollback();
        }
        assertThat(liveInTable(tenant)).isEqualTo(60);
        assertThat(counted(tenant)).isEqualTo(60);
        assertCapsShareOut(tenant, 10_000);
    }

    @Test
    void theCountFollowsDeletesPausesAndCompletions() {
        TestTenant tenant = signUp();
        createBatch(tenant, 3);
        String paused = anyJobId(tenant);
        http.post().uri("/api/v1/jobs/{id}/pause", paused).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();
        assertThat(counted(tenant)).as("a paused job counts").isEqualTo(3);
        http.delete().uri("/api/v1/jobs/{id}", paused).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isNoContent();
        http.delete().uri("/api/v1/jobs/{id}", paused).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange();
        assertThat(counted(tenant)).as("deleted once, counted off once").isEqualTo(2);

        // A one-shot job whose only run ends (dead: nothing listens on port 9) is completed and counted off.
        Map<String, Object> once = new java.util.HashMap<>(job("once"));
        once.put("schedule", Map.of("type", "now"));
        once.put("retry", Map.of("maxAttempts", 1));
        http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(once).exchange().expectStatus().isCreated();
        assertThat(counted(tenant)).isEqualTo(3);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (liveInTable(tenant) != 2 && System.nanoTime() < deadline) {
            sleep(200);
        }
        assertThat(liveInTable(tenant)).as("the one-shot job completed").isEqualTo(2);
        assertThat(counted(tenant)).isEqualTo(2);
    }

    private static Map<String, Object> job(String name) {
        return Map.of("name", name, "schedule", Map.of("type", "cron", "cron", "0 3 * * *", "timeZone", "UTC"),
                "target", Map.of("url", "http://127.0.0.1:9/hook", "method", "POST"));
    }

    private void createBatch(TestTenant tenant, int count) {
        http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("jobs", IntStream.range(0, count).mapToObj(i -> job("batch-" + i)).toList()))
                .exchange().expectStatus().isCreated();
    }

    /** Sends {@code total} single creates with at most {@code parallel} in flight; their statuses. */
    private List<Integer> createConcurrently(TestTenant tenant, int total, int parallel) throws Exception {
        return createConcurrently(tenant, "/api/v1/jobs", total, parallel, i -> job("concurrent-" + i));
    }

    /** Sends {@code total} creates of {@code body(i)} to {@code path}, at most {@code parallel} in flight. */
    private List<Integer> createConcurrently(TestTenant tenant, String path, int total, int parallel,
                                             IntFunction<Object> body) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Semaphore inFlight = new Semaphore(parallel);
        List<CompletableFuture<Integer>> answers = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < total; i++) {
                byte[] json = JSON.writeValueAsBytes(body.apply(i));
                inFlight.acquire();
                answers.add(client.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .header("Authorization", "Bearer " + tenant.apiKey())
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(json)).build(),
                        HttpResponse.BodyHandlers.discarding())
                        .thenApply(HttpResponse::statusCode)
                        .whenComplete((status, error) -> inFlight.release()));
            }
        }
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
        return answers.stream().map(CompletableFuture::join).toList();
    }

    private String anyJobId(TestTenant tenant) {
        Map<?, ?> page = http.get().uri("/api/v1/jobs?limit=1").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();
        return (String) ((Map<?, ?>) ((List<?>) page.get("items")).getFirst()).get("id");
    }

    private long liveInTable(TestTenant tenant) {
        return db.sql("select count(*) from job where tenant_id = :tenantId and state in ('active', 'paused')")
                .bind("tenantId", tenantUuid(tenant.tenantId())).map(row -> row.get(0, Long.class)).one().block();
    }

    /** Every stripe counts at most its cap, the caps were shared out for {@code max}, and they sum to it. */
    private void assertCapsShareOut(TestTenant tenant, long max) {
        Map<String, Object> caps = db.sql("""
                        select cast(sum(cap) as bigint) as caps, bool_and(live <= cap) as within,
                               min(cap_for) as least_for, max(cap_for) as most_for
                          from job_count where tenant_id = :tenantId
                        """)
                .bind("tenantId", tenantUuid(tenant.tenantId())).fetch().one().block();
        assertThat(caps).containsEntry("caps", max).containsEntry("within", true)
                .containsEntry("least_for", max).containsEntry("most_for", max);
    }

    private long counted(TestTenant tenant) {
        return counter.live(new TenantId(tenantUuid(tenant.tenantId()))).block();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
