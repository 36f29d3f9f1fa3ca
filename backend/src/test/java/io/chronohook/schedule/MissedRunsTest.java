package io.chronohook.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Five minutes of downtime for an every-minute job, simulated by moving its next occurrence five minutes back: the
 * missed-run policy decides the catch-up deliveries, and every missed occurrence that does not fire is a skipped run.
 */
class MissedRunsTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @ParameterizedTest
    @CsvSource({"skip, 0, 5", "fire_once, 1, 4", "backfill, 3, 2"})
    void theMissedRunPolicyDecidesWhatFiresAfterDowntime(String policy, int catchUps, int skipped) throws Exception {
        TestTenant tenant = signUp();
        while (Instant.now().atZone(ZoneOffset.UTC).getSecond() > 40) {
            Thread.sleep(500);
        }
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "minutely", "schedule", Map.of("type", "cron", "cron", "* * * * *"),
                        "target", Map.of("url", receiver.url("/minutely")), "missedRunPolicy", policy,
                        "backfillLimit", 3))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        Instant currentMinute = Instant.now().truncatedTo(ChronoUnit.MINUTES);
        String hex = ((String) job.get("id")).substring(4);
        UUID jobId = new UUID(Long.parseUnsignedLong(hex.substring(0, 16), 16),
                Long.parseUnsignedLong(hex.substring(16), 16));
        // As if the system had been down for the five minutes before the current one.
        db.sql("update job set next_fire_at = :at where id = :id")
                .bind("at", currentMinute.minus(Duration.ofMinutes(5)).atOffset(ZoneOffset.UTC))
                .bind("id", jobId).then().block();

        // The occurrence of the current minute is on time and fires as usual; the rest are catch-ups.
        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/minutely").size() >= catchUps + 1);
        Thread.sleep(2000);
        List<Instant> delivered = receiver.receivedAt("/minutely").stream()
                .map(r -> Instant.parse(r.header("chronohook-scheduled-for"))).sorted().toList();
        assertThat(delivered).hasSize(catchUps + 1);
        assertThat(delivered.getLast()).isEqualTo(currentMinute);
        Map<?, ?> skippedRuns = http.get().uri("/api/v1/jobs/{id}/runs?state=skipped", job.get("id"))
                .header("Authorization", "Bearer " + tenant.apiKey())
                .exchange().expectBody(Map.class).returnResult().getResponseBody();
        List<?> items = (List<?>) skippedRuns.get("items");
        assertThat(items).hasSize(skipped);
        assertThat(items).allSatisfy(item -> assertThat(((Map<?, ?>) item).get("skipReason")).isEqualTo("missed"));
    }
}
