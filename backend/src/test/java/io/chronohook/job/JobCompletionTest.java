package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.history.HistoryRows;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.history.RunIdBounds;
import io.chronohook.platform.Uuid7;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import io.chronohook.support.PlannedPartitions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Jobs with no occurrence left are completed once nothing of theirs is live: those whose last run just ended, as its
 * outcome is written ({@link JobSql#COMPLETE_IF_FINISHED}), and the rest by the job completer's rounds
 * ({@link JobSql#COMPLETE_FINISHED}), which go on through the jobs in id order instead of looking at the same live
 * ones again. Each completion is taken off the tenant's live-job count once; the completion by outcome never waits
 * for a stripe of that count. On a database of its own.
 */
class JobCompletionTest {

    /** Dropped after the test. */
    @AutoClose
    private FreshDatabase database;
    private final UUID tenant = UUID.randomUUID();
    private final Instant now = Instant.now();
    private final Map<String, Object> parameters = new HashMap<>();

    @BeforeEach
    void tenantWithACount() throws Exception {
        database = new FreshDatabase("jobdone");
        ManualClock clock = HistoryRows.dayPartitions(database, now, 1);
        OpenRunsFloor floor = HistoryRows.refreshedFloor(database, clock);
        parameters.put("openFloor", floor.floor());
        parameters.put("runCeiling", new RunIdBounds(clock).ceiling());
        HistoryRows.tenantAndJob(database, tenant, UUID.randomUUID());
        try (Connection db = database.jdbc()) {
            update(db, "update job set state = 'deleted' where tenant_id = '" + tenant + "'");
            update(db, "insert into job_count (tenant_id, stripe, live) values ('" + tenant + "', 0, 100)");
        }
    }

    @Test
    void theJobsOfRunsThatEndedAreCompletedOnceNothingOfTheirsIsLiveAndAJobLockedElsewhereIsLeftForLater()
            throws Exception {
        try (Connection db = database.jdbc(); Connection other = database.jdbc()) {
            UUID ended = job(db, null, "succeeded");
            UUID dead = job(db, null, "dead");
            UUID inFlight = job(db, null, "delivering");
            UUID retrying = job(db, null, "retry_wait");
            UUID held = job(db, null, "quota_exceeded");
            UUID recurring = job(db, now.plus(Duration.ofHours(1)), "succeeded");
            UUID locked = job(db, null, "succeeded");
            other.setAutoCommit(false);
            update(other, "select 1 from job where id = '" + locked + "' for update");

            List<UUID> all = List.of(ended, dead, inFlight, retrying, held, recurring, locked);
            assertThat(completeIfFinished(db, all)).isEqualTo(2);
            assertThat(states(db, all)).containsExactly("completed", "completed", "active", "active", "active",
                    "active", "active");
            assertThat(live(db)).isEqualTo(98);

            other.rollback();
            assertThat(completeIfFinished(db, all)).isEqualTo(1);
            assertThat(completeIfFinished(db, all)).as("a completed job is not counted off again").isZero();
            assertThat(states(db, List.of(locked))).containsExactly("completed");
            assertThat(live(db)).isEqualTo(97);
        }
    }

    @Test
    void theJobsOfATenantWhoseStripesAreAllHeldAreLeftWithoutWaitingAndCountedOffAFreeStripeOtherwise()
            throws Exception {
        try (Connection db = database.jdbc(); Connection creating = database.jdbc()) {
            update(db, "insert into job_count (tenant_id, stripe, live) values ('" + tenant + "', 1, 0)");
            UUID ended = job(db, null, "succeeded");
            UUID alsoEnded = job(db, null, "dead");
            update(db, "set statement_timeout = '5s'");
            creating.setAutoCommit(false);
            update(creating, "select stripe from job_count where tenant_id = '" + tenant + "' for update");

            assertThat(completeIfFinished(db, List.of(ended))).as("every stripe held by a batch create").isZero();
            assertThat(states(db, List.of(ended))).containsExactly("active");

            creating.rollback();
            update(creating, "select stripe from job_count where tenant_id = '" + tenant + "' and stripe = 0"
                    + " for update");
            assertThat(completeIfFinished(db, List.of(ended, alsoEnded))).isEqualTo(2);
            assertThat(states(db, List.of(ended, alsoEnded))).containsExactly("completed", "completed");
            assertThat(stripe(db, 1)).as("counted off the stripe that was free").isEqualTo(-2);
            creating.rollback();
            assertThat(live(db)).isEqualTo(98);
        }
    }

    @Test
    void theCompletersRoundsGoOnPastJobsWhoseRunsAreLiveAndStartAgainAfterTheLast() throws Exception {
        try (Connection db = database.jdbc()) {
            List<UUID> waiting = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                waiting.add(job(db, null, "delivering"));
            }
            waiting.sort(Comparator.comparing(UUID::toString));
            job(db, now.plus(Duration.ofHours(1)), "succeeded");
            parameters.put("limit", 2);

            UUID first = new UUID(0, 0);
            assertThat(round(db, first)).isEqualTo(new Round(0, waiting.get(1)));
            assertThat(round(db, waiting.get(1))).isEqualTo(new Round(0, waiting.get(3)));
            assertThat(round(db, waiting.get(3))).isEqualTo(new Round(0, waiting.get(4)));
            assertThat(round(db, waiting.get(4))).as("none left after the last").isEqualTo(new Round(0, null));

            update(db, "update run set state = 'succeeded' where job_id = '" + waiting.get(3) + "'");
            assertThat(round(db, first)).isEqualTo(new Round(0, waiting.get(1)));
            assertThat(round(db, waiting.get(1))).isEqualTo(new Round(1, waiting.get(3)));
            assertThat(states(db, waiting)).containsExactly("active", "active", "active", "completed", "active");
            assertThat(live(db)).isEqualTo(99);
        }
    }

    @Test
    void aCompletersRoundLocksOnlyTheJobsItFindsFinishedAndLeavesOneLockedElsewhereForALaterRound() throws Exception {
        try (Connection db = database.jdbc(); Connection other = database.jdbc()) {
            List<UUID> live = List.of(job(db, null, "scheduled"), job(db, null, "delivering"),
                    job(db, null, "quota_exceeded"));
            UUID finished = job(db, null, "succeeded");
            UUID lockedElsewhere = job(db, null, "dead");
            assertThat(lockers(db, live)).as("never locked nor updated since written").containsOnly(0L);
            other.setAutoCommit(false);
            update(other, "select 1 from job where id = '" + lockedElsewhere + "' for update");
            parameters.put("limit", 10);

            Round round = round(db, new UUID(0, 0));
            assertThat(round.completed()).isEqualTo(1);
            assertThat(round.last()).as("the last job looked at, the locked one included")
                    .isEqualTo(Stream.concat(live.stream(), Stream.of(finished, lockedElsewhere))
                            .max(Comparator.comparing(UUID::toString)).orElseThrow());
            assertThat(states(db, List.of(finished, lockedElsewhere))).containsExactly("completed", "active");
            // A row lock is written into the row (its xmax): a backlog of jobs whose runs wait, looked at round after
            // round, would otherwise be rewritten by every round.
            assertThat(lockers(db, live)).as("jobs whose runs are live are looked at, not locked").containsOnly(0L);

            other.commit();
            assertThat(round(db, new UUID(0, 0)).completed()).isEqualTo(1);
            assertThat(states(db, List.of(lockedElsewhere))).containsExactly("completed");
            assertThat(live(db)).isEqualTo(98);
        }
    }

    /** The transaction that last locked or updated each job ({@code xmax}; 0 for none). */
    private static List<Long> lockers(Connection db, List<UUID> jobs) throws SQLException {
        List<Long> lockers = new ArrayList<>();
        for (UUID job : jobs) {
            try (Statement statement = db.createStatement();
                 ResultSet row = statement.executeQuery("select xmax::text::bigint from job where id = '" + job
                         + "'")) {
                row.next();
                lockers.add(row.getLong(1));
            }
        }
        return lockers;
    }

    private record Round(long completed, UUID last) {
    }

    private Round round(Connection db, UUID after) throws SQLException {
        parameters.put("after", after);
        try (Statement statement = db.createStatement();
             ResultSet row = statement.executeQuery(PlannedPartitions.bound(JobSql.COMPLETE_FINISHED, parameters))) {
            row.next();
            return new Round(row.getLong("completed"), row.getObject("last", UUID.class));
        }
    }

    private long completeIfFinished(Connection db, List<UUID> jobs) throws SQLException {
        parameters.put("ids", jobs.stream().map(UUID::toString).collect(Collectors.joining(",", "{", "}")));
        try (Statement statement = db.createStatement();
             ResultSet row = statement.executeQuery(PlannedPartitions.bound(JobSql.COMPLETE_IF_FINISHED,
                     parameters))) {
            row.next();
            return row.getLong("completed");
        }
    }

    /** An active job of the tenant due next at {@code next} (null: none left) with one run in {@code runState}. */
    private UUID job(Connection db, Instant next, String runState) throws SQLException {
        UUID job = UUID.randomUUID();
        try (PreparedStatement insert = db.prepareStatement("""
                insert into job (id, tenant_id, name, schedule, schedule_type, method, url, retry_max_attempts,
                                 retry_initial_delay_ms, retry_max_delay_ms, timeout_ms, missed_run_policy,
                                 overlap_policy, delivery_semantics, state, next_fire_at, created_at, updated_at)
                values (?, ?, 'j', '{}', 'cron', 'POST', 'https://example.com/', 3, 1000, 60000, 30000, 'skip',
                        'allow', 'at_least_once', 'active', ?, now(), now())
                """)) {
            insert.setObject(1, job);
            insert.setObject(2, tenant);
            insert.setTimestamp(3, next == null ? null : Timestamp.from(next));
            insert.executeUpdate();
        }
        Instant scheduled = now.minusSeconds(5);
        try (PreparedStatement insert = db.prepareStatement("""
                insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, now(), now())
                """)) {
            insert.setObject(1, Uuid7.ofOccurrence(job, scheduled));
            insert.setObject(2, tenant);
            insert.setObject(3, job);
            insert.setTimestamp(4, Timestamp.from(scheduled));
            insert.setTimestamp(5, Timestamp.from(scheduled));
            insert.setString(6, runState);
            insert.executeUpdate();
        }
        return job;
    }

    private static List<String> states(Connection db, List<UUID> jobs) throws SQLException {
        List<String> states = new ArrayList<>();
        for (UUID job : jobs) {
            try (Statement statement = db.createStatement();
                 ResultSet row = statement.executeQuery("select state from job where id = '" + job + "'")) {
                row.next();
                states.add(row.getString(1));
            }
        }
        return states;
    }

    private long live(Connection db) throws SQLException {
        try (Statement statement = db.createStatement();
             ResultSet row = statement.executeQuery("select sum(live) from job_count where tenant_id = '" + tenant
                     + "'")) {
            row.next();
            return row.getLong(1);
        }
    }

    private long stripe(Connection db, int stripe) throws SQLException {
        try (Statement statement = db.createStatement();
             ResultSet row = statement.executeQuery("select live from job_count where tenant_id = '" + tenant
                     + "' and stripe = " + stripe)) {
            row.next();
            return row.getLong(1);
        }
    }

    private static void update(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
    }
}
