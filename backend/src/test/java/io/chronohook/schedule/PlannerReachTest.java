package io.chronohook.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.job.JobId;
import io.chronohook.support.ReceiverApiTest;
import io.chronohook.support.TestReceiver;
import io.chronohook.timegate.GateProperties;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The planner takes a job when its next occurrence enters the gate's horizon and plans it past the horizon by its
 * reach (5-10 s here): a job firing every second has its row rewritten every few seconds, not every second, and
 * nothing is lost to planning ahead — not when the job is paused and resumed, not when Redis loses the gate.
 */
class PlannerReachTest extends ReceiverApiTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    RedissonClient redis;

    @Autowired
    Planner planner;

    @Autowired
    GateProperties gate;

    @Test
    void aJobFiringEverySecondIsPlannedSeveralOccurrencesAtATime() throws Exception {
        TestTenant tenant = signUp();
        String jobId = everySecond(tenant, "/often");
        await().atMost(Duration.ofSeconds(10)).until(() -> lastPlanned(jobId) != null);

        // Every rewrite of the job's row by the planner moves its next occurrence: count them over 8 seconds, and see
        // how far ahead its runs were planned.
        Set<Instant> nextFireAts = new LinkedHashSet<>();
        Duration furthestAhead = Duration.ZERO;
        Instant until = Instant.now().plusSeconds(8);
        while (Instant.now().isBefore(until)) {
            nextFireAts.add(nextFireAt(jobId));
            Duration ahead = Duration.between(Instant.now(), lastPlanned(jobId));
            furthestAhead = ahead.compareTo(furthestAhead) > 0 ? ahead : furthestAhead;
            Thread.sleep(100);
        }
        // Planned one occurrence at a time, the row would have moved at every second's round (8 and more times).
        assertThat(nextFireAts).as("the job's next occurrence, as the planner moved it").hasSizeLessThanOrEqualTo(4);
        Duration reach = planner.reach(new JobId(storedId(jobId)));
        assertThat(reach).isBetween(Duration.ofSeconds(5), Duration.ofSeconds(10));
        assertThat(furthestAhead).as("planned past the gate's horizon by the job's reach")
                .isGreaterThan(gate.horizon().plus(reach).minusMillis(1500));

        assertEverySecondOnce(receiver.receivedAt("/often"), 5);
    }

    @Test
    void aJobPausedWithOccurrencesPlannedAheadAndResumedLosesNone() throws Exception {
        TestTenant tenant = signUp();
        String jobId = everySecond(tenant, "/paused");
        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/paused").size() >= 2);
        assertThat(lastPlanned(jobId)).as("runs planned ahead").isAfter(Instant.now().plusSeconds(8));

        post(tenant, "/api/v1/jobs/" + jobId + "/pause");
        // Moved back to its first occurrence that was planned and cancelled, not past the runs planned ahead.
        assertThat(nextFireAt(jobId)).isBefore(Instant.now().plusSeconds(2));
        Thread.sleep(1500);
        post(tenant, "/api/v1/jobs/" + jobId + "/resume");

        int before = receiver.receivedAt("/paused").size();
        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.receivedAt("/paused").size() >= before + 6);
        post(tenant, "/api/v1/jobs/" + jobId + "/pause");
        Thread.sleep(1000);
        // A run already released when the job was paused is cancelled, not sent later; every other occurrence is.
        List<Instant> occurrences = new java.util.ArrayList<>(receiver.receivedAt("/paused").stream()
                .map(PlannerReachTest::scheduledFor).toList());
        occurrences.addAll(db.sql("select scheduled_for from run where job_id = :id and state = 'cancelled'")
                .bind("id", storedId(jobId)).map(row -> row.get("scheduled_for", OffsetDateTime.class).toInstant())
                .all().collectList().block());
        assertThat(occurrences).doesNotHaveDuplicates();
        assertConsecutiveSeconds(occurrences, 8);
        assertThat(receiver.receivedAt("/paused").stream().map(r -> r.header("webhook-id"))).doesNotHaveDuplicates();
    }

    @Test
    void runsPlannedPastTheHorizonAreBackInTheGateWhenRedisLosesItsData() throws Exception {
        TestTenant tenant = signUp();
        String jobId = everySecond(tenant, "/wiped");
        await().atMost(Duration.ofSeconds(15)).until(() -> receiver.receivedAt("/wiped").size() >= 2);
        Duration horizon = gate.horizon();
        await().atMost(Duration.ofSeconds(15))
                .until(() -> lastPlanned(jobId).isAfter(Instant.now().plus(horizon).plusSeconds(2)));

        Instant wiped = Instant.now();
        redis.getKeys().flushdb();

        // The occurrences planned beyond the horizon at the wipe fall due within the horizon and the reach (10 s
        // more at most): each arrives, on time.
        Duration planned = horizon.plusSeconds(10);
        await().atMost(planned.plusSeconds(20)).until(() -> receiver.receivedAt("/wiped").stream()
                .anyMatch(r -> scheduledFor(r).isAfter(wiped.plus(planned))));
        List<TestReceiver.Received> received = receiver.receivedAt("/wiped");
        assertEverySecondOnce(received, (int) planned.toSeconds());
        for (TestReceiver.Received r : received) {
            if (scheduledFor(r).isAfter(wiped.plus(horizon).plusSeconds(1))) {
                assertThat(Duration.between(scheduledFor(r), r.at())).as("lag of the run due at %s", scheduledFor(r))
                        .isLessThan(Duration.ofSeconds(5));
            }
        }
    }

    private String everySecond(TestTenant tenant, String path) {
        Map<String, Object> target = new HashMap<>(Map.of("url", receiver.url(path)));
        Map<?, ?> job = http.post().uri("/api/v1/jobs").header("Authorization", "Bearer " + tenant.apiKey())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "often", "schedule", Map.of("type", "cron", "cron", "* * * * * *"),
                        "target", target))
                .exchange().expectStatus().isCreated().expectBody(Map.class).returnResult().getResponseBody();
        return (String) job.get("id");
    }

    private void post(TestTenant tenant, String path) {
        http.post().uri(path).header("Authorization", "Bearer " + tenant.apiKey()).exchange().expectStatus().isOk();
    }

    private Instant nextFireAt(String jobId) {
        return db.sql("select next_fire_at from job where id = :id").bind("id", storedId(jobId))
                .map(row -> row.get("next_fire_at", OffsetDateTime.class).toInstant()).one().block();
    }

    private Instant lastPlanned(String jobId) {
        return db.sql("select max(scheduled_for) as last from run where job_id = :id").bind("id", storedId(jobId))
                .map(row -> java.util.Optional.ofNullable(row.get("last", OffsetDateTime.class)))
                .one().block().map(OffsetDateTime::toInstant).orElse(null);
    }

    private static Instant scheduledFor(TestReceiver.Received received) {
        return Instant.parse(received.header("chronohook-scheduled-for"));
    }

    /** At least {@code atLeast} runs arrived, none twice, and their occurrences follow one another second by second. */
    private static void assertEverySecondOnce(List<TestReceiver.Received> received, int atLeast) {
        assertThat(received.stream().map(r -> r.header("webhook-id"))).doesNotHaveDuplicates();
        assertConsecutiveSeconds(received.stream().map(PlannerReachTest::scheduledFor).toList(), atLeast);
    }

    private static void assertConsecutiveSeconds(List<Instant> occurrences, int atLeast) {
        List<Instant> scheduled = occurrences.stream().sorted().toList();
        assertThat(scheduled).hasSizeGreaterThanOrEqualTo(atLeast);
        for (int i = 1; i < scheduled.size(); i++) {
            assertThat(Duration.between(scheduled.get(i - 1), scheduled.get(i))).as("after %s", scheduled.get(i - 1))
                    .isEqualTo(Duration.ofSeconds(1));
        }
    }
}
