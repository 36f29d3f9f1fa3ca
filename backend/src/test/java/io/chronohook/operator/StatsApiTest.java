package io.chronohook.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/operator/stats}: the operator page's live figures, after real deliveries. */
class StatsApiTest extends ReceiverApiTest {

    @Test
    void afterRealDeliveriesTheOperatorSeesFireLagThroughputOutcomesAndQueues() {
        TestTenant tenant = signUp();
        receiver.script("/ok", r -> new Reply(200, "ok"));
        receiver.script("/bad", r -> new Reply(400, "no such customer"));
        receiver.script("/later", r -> new Reply(503, "down for maintenance"));
        String ok = standbyJob(tenant, "/ok", Map.of("maxAttempts", 1));
        String bad = standbyJob(tenant, "/bad", Map.of("maxAttempts", 1));
        String later = standbyJob(tenant, "/later", Map.of("maxAttempts", 5, "initialDelay", "PT1H"));
        trigger(tenant, ok, 4);
        trigger(tenant, bad, 1);
        String waiting = trigger(tenant, later, 1);
        awaitRuns(tenant, ok, "succeeded", 4);
        awaitRuns(tenant, bad, "dead", 1);
        awaitRuns(tenant, later, "retry_wait", 1);

        Map<?, ?> stats = http.get().uri("/api/v1/operator/stats").header("Authorization", OPERATOR)
                .exchange().expectStatus().isOk().expectBody(Map.class).returnResult().getResponseBody();

        assertThat(Instant.parse((String) stats.get("at"))).isBetween(Instant.now().minusSeconds(10), Instant.now());
        assertThat(stats.get("window")).isEqualTo("PT1M");
        Map<?, ?> lag = (Map<?, ?>) stats.get("fireLag");
        assertThat(((Number) lag.get("samples")).longValue()).isGreaterThanOrEqualTo(6);
        long p50 = ((Number) lag.get("p50Ms")).longValue();
        long p90 = ((Number) lag.get("p90Ms")).longValue();
        long p99 = ((Number) lag.get("p99Ms")).longValue();
        long max = ((Number) lag.get("maxMs")).longValue();
        assertThat(p50).isBetween(0L, 10_000L);
        assertThat(List.of(p50, p90, p99, max)).isSorted();
        assertThat(max).isLessThan(60_000L);
        assertThat(((Number) stats.get("deliveriesPerSecond")).doubleValue()).isGreaterThanOrEqualTo(4 / 60.0 - 0.001);
        assertThat(((Number) stats.get("attemptsPerSecond")).doubleValue()).isGreaterThanOrEqualTo(6 / 60.0 - 0.001);
        Map<?, ?> outcomes = (Map<?, ?>) stats.get("outcomes");
        assertThat(List.<Object>copyOf(outcomes.keySet())).containsAll(List.of("delivered", "accepted", "rejected",
                "failed", "blocked", "lost")).doesNotContain("short_circuited");
        assertThat(((Number) outcomes.get("delivered")).longValue()).isGreaterThanOrEqualTo(4);
        assertThat(((Number) outcomes.get("rejected")).longValue()).isGreaterThanOrEqualTo(2);
        Map<?, ?> queues = (Map<?, ?>) stats.get("queues");
        assertThat(((Number) queues.get("retryWait")).longValue()).isGreaterThanOrEqualTo(1);
        assertThat(((Number) queues.get("deadRuns")).longValue()).isGreaterThanOrEqualTo(1);
        assertThat(((Number) queues.get("gate")).longValue()).isGreaterThanOrEqualTo(0);
        assertThat(((Number) queues.get("ready")).longValue()).isGreaterThanOrEqualTo(0);
        assertThat((List<?>) stats.get("busiestTenants")).hasSizeLessThanOrEqualTo(10);

        http.post().uri("/api/v1/runs/{id}/cancel", waiting).header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isOk();
    }

    @Test
    void onlyTheOperatorMayReadTheStats() {
        TestTenant tenant = signUp();

        http.get().uri("/api/v1/operator/stats").header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectStatus().isForbidden()
                .expectBody().jsonPath("$.code").isEqualTo("forbidden");
        http.get().uri("/api/v1/operator/stats").header("Authorization", OPERATOR)
                .exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.window").isEqualTo("PT1M").jsonPath("$.queues.gate").isNumber();
    }
}
