package io.chronohook.batcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ApiTest;
import io.chronohook.support.TestReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** Backlogged tenants share dispatch by plan weight; a tenant's dispatch rate bounds it without dropping runs. */
class FairnessTest extends ApiTest {

    static final String OPERATOR = "Bearer op_test_operator_token_0123456789";

    private TestReceiver receiver;

    @BeforeEach
    void start() {
        receiver = new TestReceiver();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void twoBackloggedTenantsWithWeightsOneAndThreeShareOneToThree() {
        plan("weight1", 1, 1_000_000, 1_000_000);
        plan("weight3", 3, 1_000_000, 1_000_000);
        TestTenant light = signUp();
        TestTenant heavy = signUp();
        assign(light, "weight1");
        assign(heavy, "weight3");
        Instant due = Instant.now().plusSeconds(15).truncatedTo(ChronoUnit.MILLIS);
        createDue(light, 3000, due, "/light");
        createDue(heavy, 3000, due, "/heavy");

        // The share is measured while both are backlogged, after the first batch (taken before the batcher knew
        // the tenants' weights).
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
                .until(() -> receiver.receivedAt("/heavy").size() >= 600);
        int heavyBefore = receiver.receivedAt("/heavy").size();
        int lightBefore = receiver.receivedAt("/light").size();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
                .until(() -> receiver.receivedAt("/heavy").size() >= 2400);
        int heavyShare = receiver.receivedAt("/heavy").size() - heavyBefore;
        int lightShare = receiver.receivedAt("/light").size() - lightBefore;

        double ratio = (double) heavyShare / lightShare;
        assertThat(ratio).as("heavy %d : light %d", heavyShare, lightShare).isBetween(2.7, 3.3);
        await().atMost(Duration.ofSeconds(60)).until(() -> receiver.receivedAt("/light").size() == 3000);
    }

    @Test
    void aTenantLimitedTo50RunsPerSecondGetsNoMoreAndLosesNothing() {
        plan("rate50", 1, 50, 50);
        TestTenant limited = signUp();
        assign(limited, "rate50");
        Instant due = Instant.now().plusSeconds(6).truncatedTo(ChronoUnit.MILLIS);
        createDue(limited, 400, due, "/limited");

        await().atMost(Duration.ofSeconds(30)).until(() -> !receiver.receivedAt("/limited").isEmpty());
        Instant first = receiver.receivedAt("/limited").getFirst().at();
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(first.plusSeconds(5)));
        long inFiveSeconds = receiver.receivedAt("/limited").stream()
                .filter(r -> r.at().isBefore(first.plusSeconds(5))).count();

        // 50 tokens of burst, then 50 a second.
        assertThat(inFiveSeconds).isBetween(200L, 320L);
        await().atMost(Duration.ofSeconds(30)).until(() -> receiver.receivedAt("/limited").size() == 400);
        assertThat(receiver.receivedAt("/limited").stream().map(r -> r.header("webhook-id")).distinct().count())
                .isEqualTo(400);
    }

    private void plan(String code, int weight, int rate, int burst) {
        http.put().uri("/api/v1/operator/plans/{code}", code).header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.ofEntries(Map.entry("name", code), Map.entry("maxJobs", 1_000_000),
                        Map.entry("executionsPerMonth", 1_000_000_000), Map.entry("dispatchRatePerSecond", rate),
                        Map.entry("dispatchBurst", burst), Map.entry("fairShareWeight", weight),
                        Map.entry("minIntervalSeconds", 1), Map.entry("maxPayloadBytes", 65536),
                        Map.entry("historyRetentionDays", 7), Map.entry("apiRequestsPerSecond", 1000),
                        Map.entry("monthlyPriceCents", 0), Map.entry("overageCentsPer1000", 0)))
                .exchange().expectStatus().isOk();
    }

    private void assign(TestTenant tenant, String plan) {
        http.put().uri("/api/v1/operator/tenants/{id}/plan", tenant.tenantId()).header("Authorization", OPERATOR)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("plan", plan))
                .exchange().expectStatus().isOk();
    }

    private void createDue(TestTenant tenant, int count, Instant due, String path) {
        for (int from = 0; from < count; from += 1000) {
            List<Map<String, Object>> jobs = new ArrayList<>();
            for (int i = from; i < Math.min(count, from + 1000); i++) {
                jobs.add(Map.of("name", "fair-" + i, "schedule", Map.of("type", "at", "at", due.toString()),
                        "target", Map.of("url", receiver.url(path))));
            }
            http.post().uri("/api/v1/jobs/batch").header("Authorization", "Bearer " + tenant.apiKey())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("jobs", jobs))
                    .exchange().expectStatus().isCreated();
        }
    }
}
