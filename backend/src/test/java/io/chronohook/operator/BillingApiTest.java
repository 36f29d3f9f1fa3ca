package io.chronohook.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ApiTest;
import io.chronohook.support.TestReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;

/** The plan catalogue, plan changes, the quotas a plan sets, and usage with its invoice preview. */
class BillingApiTest extends ApiTest {

    @Test
    void theOperatorReadsAndEditsTheCatalogueAndTenantsCannot() {
        TestTenant tenant = signUp();

        http.get().uri("/api/v1/operator/plans").header("Authorization", OPERATOR)
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.items[?(@.code == 'free')].maxJobs").isEqualTo(List.of(25))
                .jsonPath("$.items[?(@.code == 'unlimited')]").exists();
        http.get().uri("/api/v1/operator/plans").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isForbidden();

        Map<String, Object> team = new HashMap<>(Map.ofEntries(Map.entry("name", "Team"), Map.entry("maxJobs", 100),
                Map.entry("executionsPerMonth", 50_000), Map.entry("dispatchRatePerSecond", 20),
                Map.entry("dispatchBurst", 50), Map.entry("fairShareWeight", 2), Map.entry("minIntervalSeconds", 30),
                Map.entry("maxPayloadBytes", 131072), Map.entry("historyRetentionDays", 14),
                Map.entry("apiRequestsPerSecond", 20), Map.entry("monthlyPriceCents", 900),
                Map.entry("overageCentsPer1000", 40)));
        team.put("fairShareWeight", 0);
        http.put().uri("/api/v1/operator/plans/team").header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(team)
                .exchange().expectStatus().isBadRequest()
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("fairShareWeight");
        team.put("fairShareWeight", 2);
        http.put().uri("/api/v1/operator/plans/team").header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(team)
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.minIntervalSeconds").isEqualTo(30);
    }

    @Test
    void aPlanChangeIsAuditedAndRefusedForUnknownPlansAndTenants() {
        TestTenant tenant = signUp();

        assignPlan(tenant.tenantId(), "pro").expectStatus().isOk().expectBody()
                .jsonPath("$.plan").isEqualTo("pro")
                .jsonPath("$.previousPlan").isEqualTo("unlimited");
        assignPlan(tenant.tenantId(), "platinum").expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.code").isEqualTo("unknown_plan");
        assignPlan("ten_" + "0".repeat(32), "pro").expectStatus().isNotFound();
        http.get().uri("/api/v1/audit").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody()
                .jsonPath("$.items[0].action").isEqualTo("plan.changed")
                .jsonPath("$.items[0].actor.type").isEqualTo("operator")
                .jsonPath("$.items[0].details.from").isEqualTo("unlimited")
                .jsonPath("$.items[0].details.to").isEqualTo("pro");
    }

    @Test
    void theFreePlansQuotasAnswerWithProblemDetails() {
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "free").expectStatus().isOk();

        createJob(tenant, Map.of("type", "cron", "cron", "* * * * * *"), null).expectStatus().isEqualTo(422)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("schedule_too_frequent")
                .jsonPath("$.errors[0].field").isEqualTo("schedule.cron");
        createJob(tenant, Map.of("type", "cron", "cron", "*/30 * * * * *"), null).expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.errors[0].message").isEqualTo("fires every 30 s; the plan's minimum is 60 s");
        createJob(tenant, Map.of("type", "interval", "every", "PT30S"), null).expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.errors[0].field").isEqualTo("schedule.every");
        createJob(tenant, Map.of("type", "cron", "cron", "*/5 * * * *"), "x".repeat(70_000))
                .expectStatus().isEqualTo(413)
                .expectBody().jsonPath("$.code").isEqualTo("payload_too_large");

        List<Map<String, Object>> jobs = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            jobs.add(Map.of("name", "j" + i, "schedule", Map.of("type", "cron", "cron", "0 * * * *"),
                    "target", Map.of("url", "http://127.0.0.1:9/x")));
        }
        http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", jobs))
                .exchange().expectStatus().isCreated();
        createJob(tenant, Map.of("type", "cron", "cron", "0 * * * *"), null).expectStatus().isForbidden()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("quota_exceeded");
    }

    @Test
    void theApiRateLimitAnswers429WithRetryAfterOnceTheBurstIsSpent() {
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "free").expectStatus().isOk();
        int ok = 0;
        int limited = 0;
        for (int i = 0; i < 40; i++) {
            var result = http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                    .exchange().returnResult(String.class);
            if (result.getStatus().value() == 200) {
                ok++;
                assertThat(result.getResponseHeaders().getFirst("RateLimit-Limit")).isEqualTo("10");
                assertThat(result.getResponseHeaders().getFirst("RateLimit-Burst")).isEqualTo("20");
                int remaining = Integer.parseInt(result.getResponseHeaders().getFirst("RateLimit-Remaining"));
                int burstRemaining = Integer.parseInt(result.getResponseHeaders().getFirst("RateLimit-Burst-Remaining"));
                assertThat(remaining).isBetween(0, 10).isEqualTo(Math.min(10, burstRemaining));
                assertThat(burstRemaining).isBetween(0, 19);
                if (i == 0) {
                    assertThat(burstRemaining).isEqualTo(19);
                }
            } else {
                limited++;
                assertThat(result.getStatus().value()).isEqualTo(429);
                assertThat(result.getResponseHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
                assertThat(Integer.parseInt(result.getResponseHeaders().getFirst("Retry-After"))).isPositive();
            }
        }
        // A burst of 20 plus what refilled meanwhile at 10 per second.
        assertThat(ok).isGreaterThanOrEqualTo(20).isLessThan(40);
        assertThat(limited).isPositive();
        TestTenant other = signUp();
        http.get().uri("/api/v1/jobs").header("Authorization", "Bearer " + other.apiKey())
                .exchange().expectStatus().isOk();
    }

    @Test
    void manyRequestsAtOnceTakeNoMoreThanTheBucketHolds() {
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "free").expectStatus().isOk();
        long started = System.nanoTime();
        List<Integer> statuses = Flux.range(0, 90)
                .flatMap(i -> WebClient.create("http://127.0.0.1:" + port).get().uri("/api/v1/jobs")
                        .header("Authorization", "Bearer " + tenant.apiKey())
                        .exchangeToMono(response -> response.releaseBody().thenReturn(response.statusCode().value())),
                        30)
                .collectList().block(Duration.ofSeconds(30));
        double seconds = (System.nanoTime() - started) / 1e9;

        long ok = statuses.stream().filter(status -> status == 200).count();
        assertThat(statuses).containsOnly(200, 429);
        // The burst of 20, and at most what 10 a second refilled while the requests were made.
        assertThat(ok).isGreaterThanOrEqualTo(20).isLessThanOrEqualTo(20 + (long) Math.ceil(10 * seconds));
    }

    @Test
    void usageCountsExecutionsOnceWhateverTheirRetries() {
        TestTenant tenant = signUp();
        assignPlan(tenant.tenantId(), "pro").expectStatus().isOk();
        try (TestReceiver receiver = new TestReceiver()) {
            AtomicInteger calls = new AtomicInteger();
            receiver.script("/usage", r -> calls.incrementAndGet() == 1
                    ? new TestReceiver.Reply(503, "busy") : new TestReceiver.Reply(200, "ok"));
            http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue(Map.of("name", "billed", "schedule", Map.of("type", "now"),
                            "target", Map.of("url", receiver.url("/usage")),
                            "retry", Map.of("initialDelay", "PT1S", "maxDelay", "PT1S")))
                    .exchange().expectStatus().isCreated();
            await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/usage").size() == 2);
        }

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> http.get().uri("/api/v1/usage")
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk().expectBody()
                .jsonPath("$.plan.code").isEqualTo("pro")
                .jsonPath("$.executions").isEqualTo(1)
                .jsonPath("$.attempts").isEqualTo(2)
                .jsonPath("$.jobs").isEqualTo(0)
                .jsonPath("$.capped").isEqualTo(false)
                .jsonPath("$.quotaExceededRuns").isEqualTo(0)
                .jsonPath("$.days.length()").isEqualTo(1)
                .jsonPath("$.invoice.includedExecutions").isEqualTo(1_000_000)
                .jsonPath("$.invoice.overageCents").isEqualTo(0)
                .jsonPath("$.invoice.totalCents").isEqualTo(2900));
    }

    private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec createJob(
            TestTenant tenant, Map<String, Object> schedule, String body) {
        Map<String, Object> target = new HashMap<>(Map.of("url", "http://127.0.0.1:9/x"));
        if (body != null) {
            target.put("body", body);
        }
        return http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "quota", "schedule", schedule, "target", target)).exchange();
    }
}
