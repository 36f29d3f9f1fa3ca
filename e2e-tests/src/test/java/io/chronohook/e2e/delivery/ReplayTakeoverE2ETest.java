package io.chronohook.e2e.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.JsonNode;
import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.FreshInstallation;
import io.chronohook.e2e.support.Receiver;
import io.chronohook.e2e.support.TestEnvironment;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A bulk replay outlives its instance: 4,000 dead runs are replayed through one backend, which is killed at once;
 * the other takes the replay over from where its last chunk was written and every run is delivered.
 */
@ExtendWith(FreshInstallation.class)
class ReplayTakeoverE2ETest {

    private static final int RUNS = 4_000;
    /** Small chunks, so that the replay is still under way when its instance is killed. */
    private static final Map<String, String> SMALL_CHUNKS = Map.of("CHRONOHOOK_REPLAY_CHUNK", "10");

    @Test
    void aReplayOfFourThousandDeadRunsFinishesAfterTheInstanceRunningItIsKilled() throws Exception {
        AtomicInteger status = new AtomicInteger(400);
        String prefix = "takeover-" + UUID.randomUUID().toString().substring(0, 8) + "-";
        Instant testStarted = Instant.now();
        try (Receiver receiver = Receiver.answering(status::get);
             BackendProcess first = BackendProcess.start(SMALL_CHUNKS);
             BackendProcess second = BackendProcess.start(SMALL_CHUNKS)) {
            ApiClient viaFirst = new ApiClient(first.uri("/"));
            viaFirst.signUp();
            ApiClient viaSecond = viaFirst.sharingKeyWith(second.uri("/"));
            Instant due = Instant.now().plusSeconds(20).truncatedTo(ChronoUnit.SECONDS);
            // A 400 is not retried: each run ends dead after one attempt. Replayed, it has two again: a run the first
            // instance claims as it is killed loses that attempt with it (counted, as every lost attempt is) and is
            // delivered by the other with the second.
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                jobs.add("{\"name\":\"" + prefix + i + "\",\"schedule\":{\"type\":\"at\",\"at\":\""
                        + due.plusMillis(i % 2000) + "\"},\"target\":{\"url\":\"" + receiver.url("/takeover")
                        + "\"},\"retry\":{\"maxAttempts\":2}}");
            }
            viaFirst.createInBatches(jobs, 500, 2);
            awaitCount(prefix, "dead", RUNS, due.plus(Duration.ofSeconds(90)));

            status.set(200);
            JsonNode replay = viaFirst.send("POST", "/api/v1/dead-letters/replay", "{\"from\":\"" + testStarted
                    + "\",\"to\":\"" + Instant.now().plusSeconds(60) + "\"}", 202);
            String replayId = replay.get("id").asString();
            first.kill();
            UUID killedOwner = owner(replayId);
            JsonNode atKill = viaSecond.send("GET", "/api/v1/dead-letters/replays/" + replayId, null, 200);
            assertThat(atKill.get("total").asInt()).isEqualTo(RUNS);
            assertThat(atKill.get("replayed").asInt()).as("the replay was under way when its instance died")
                    .isLessThan(RUNS);

            Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
            JsonNode progress = atKill;
            while (!"done".equals(progress.get("state").asString()) && Instant.now().isBefore(deadline)) {
                Thread.sleep(250);
                progress = viaSecond.send("GET", "/api/v1/dead-letters/replays/" + replayId, null, 200);
            }
            assertThat(progress.get("state").asString()).isEqualTo("done");
            assertThat(progress.get("replayed").asInt()).isEqualTo(RUNS);
            assertThat(owner(replayId)).as("another node took the replay over").isNotEqualTo(killedOwner);
            awaitCount(prefix, "succeeded", RUNS, Instant.now().plus(Duration.ofSeconds(60)));
        }
    }

    private static void awaitCount(String prefix, String state, int expected, Instant deadline) throws Exception {
        int count = 0;
        while (Instant.now().isBefore(deadline)) {
            count = count(prefix, state);
            if (count == expected) {
                return;
            }
            Thread.sleep(500);
        }
        assertThat(count).as("runs %s (the runs by state and last error: %s)", state, states(prefix))
                .isEqualTo(expected);
    }

    private static Map<String, Integer> states(String prefix) throws SQLException {
        Map<String, Integer> states = new TreeMap<>();
        try (Connection db = TestEnvironment.database();
             PreparedStatement query = db.prepareStatement("""
                     select r.state || ' / ' || coalesce(r.last_error, '-') as state, count(*) as runs
                       from run r join job j on j.id = r.job_id
                      where j.name like ? group by 1
                     """)) {
            query.setString(1, prefix + "%");
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    states.put(rows.getString("state"), rows.getInt("runs"));
                }
            }
        }
        return states;
    }

    private static int count(String prefix, String state) throws SQLException {
        try (Connection db = TestEnvironment.database();
             PreparedStatement query = db.prepareStatement("""
                     select count(*) from run r join job j on j.id = r.job_id
                      where j.name like ? and r.state = ?
                     """)) {
            query.setString(1, prefix + "%");
            query.setString(2, state);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    private static UUID owner(String replayId) throws SQLException {
        UUID id = UUID.fromString(replayId.substring("rpl_".length())
                .replaceFirst("(\\p{XDigit}{8})(\\p{XDigit}{4})(\\p{XDigit}{4})(\\p{XDigit}{4})(\\p{XDigit}{12})",
                        "$1-$2-$3-$4-$5"));
        try (Connection db = TestEnvironment.database();
             PreparedStatement query = db.prepareStatement("select owner from replay_batch where id = ?")) {
            query.setObject(1, id);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getObject(1, UUID.class);
            }
        }
    }
}
