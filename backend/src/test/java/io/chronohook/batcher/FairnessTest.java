package io.chronohook.batcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/** Backlogged tenants share dispatch by plan weight; a tenant's dispatch rate bounds it without dropping runs. */
class FairnessTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @Test
    void twoBackloggedTenantsWithWeightsOneAndThreeShareOneToThree() {
        plan("weight1", 1, 1_000_000, 1_000_000);
        plan("weight3", 3, 1_000_000, 1_000_000);
        TestTenant light = signUp();
        TestTenant heavy = signUp();
        assign(light, "weight1");
        assign(heavy, "weight3");
        Instant due = Instant.now().plusSeconds(15).truncatedTo(ChronoUnit.MILLIS);
        createDue(light, 2000, due, receiver.url("/light"));
        createDue(heavy, 6000, due, receiver.url("/heavy"));
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(100))
                .until(() -> receiver.received().size() >= 8000);

        assertThat(receiver.received()).hasSize(8000);

        // Runs in the order they were claimed (the order the fair batcher took them in; runs taken ahead of their due
        // time are all sent at it, so the order they arrive in says less); the share is measured over the middle three
        // quarters, while both tenants are surely backlogged (near the end one tenant's runs in a shard may run out
        // before the other's).
        UUID heavyId = tenantUuid(heavy.tenantId());
        List<UUID> order = db.sql("""
                        select tenant_id from run where tenant_id in (:light, :heavy) order by claimed_at, id
                        """).bind("light", tenantUuid(light.tenantId())).bind("heavy", heavyId)
                .map(row -> row.get("tenant_id", UUID.class)).all().collectList().block();
        assertThat(order).hasSize(8000);
        List<UUID> middle = order.subList(1000, 7000);
        long heavyShare = middle.stream().filter(heavyId::equals).count();
        long lightShare = middle.size() - heavyShare;
        double ratio = (double) heavyShare / lightShare;
        assertThat(ratio).as("heavy %d : light %d", heavyShare, lightShare).isBetween(2.7, 3.3);
    }

    @Test
    void aTenantLimitedTo50RunsPerSecondGetsNoMoreAndLosesNothing() {
        plan("rate50", 1, 50, 50);
        TestTenant limited = signUp();
        assign(limited, "rate50");
        Instant due = Instant.now().plusSeconds(6).truncatedTo(ChronoUnit.MILLIS);
        createDue(limited, 400, due, receiver.url("/limited"));

        await().atMost(Duration.ofSeconds(30)).until(() -> !receiver.receivedAt("/limited").isEmpty());
        Instant first = receiver.receivedAt("/limited").getFirst().at();
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(first.plusSeconds(5)));
        long inFiveSeconds = receiver.receivedAt("/limited").stream()
                .filter(r -> r.at().isBefore(first.plusSeconds(5))).count();

        // 50 tokens of burst, then 50 a second; runs are taken from the gate up to its lead (250 ms) before they are
        // sent, so the first runs sent were taken over the lead too: 50 + 12.5 + 250 in five seconds, and some jitter.
        assertThat(inFiveSeconds).isBetween(200L, 335L);
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.receivedAt("/limited").size() == 400);
        assertThat(receiver.receivedAt("/limited").stream().map(r -> r.header("webhook-id")).distinct().count())
                .isEqualTo(400);
    }

    private void plan(String code, int weight, int rate, int burst) {
        operatorPlan(code, weight, rate, burst, 1_000_000_000L, 0);
    }

    private void assign(TestTenant tenant, String plan) {
        assignPlan(tenant.tenantId(), plan).expectStatus().isOk();
    }

    private void createDue(TestTenant tenant, int count, Instant due, String url) {
        for (int from = 0; from < count; from += 1000) {
            List<Map<String, Object>> jobs = new ArrayList<>();
            for (int i = from; i < Math.min(count, from + 1000); i++) {
                jobs.add(Map.of("name", "fair-" + i, "schedule", Map.of("type", "at", "at", due.toString()),
                        "target", Map.of("url", url)));
            }
            http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", jobs))
                    .exchange().expectStatus().isCreated();
        }
    }
}
