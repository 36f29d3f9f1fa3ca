package io.chronohook.history;

import static io.chronohook.history.HistoryRows.execute;
import static io.chronohook.history.HistoryRows.maintenance;
import static io.chronohook.history.HistoryRows.tenantAndJob;
import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.platform.KeyedReads;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.RunStore;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lowest id of an open run, on a database of its own with day partitions from ten days ago (days 2 and 1 ago
 * and 12 ago have none: their runs are in the default partition): finished partitions are left below the floor,
 * the first holding an open run is not, the default partition's open runs lower it, a run opened again below it is
 * seen at the next refresh, and a statement bounded by it plans none of the partitions below.
 */
class OpenRunsFloorTest {

    private static final String OPEN = "('scheduled', 'queued', 'retry_wait')";

    /** Dropped after each test. */
    @AutoClose
    private FreshDatabase database;
    private ManualClock clock;
    private OpenRunsFloor floor;
    private RunStore runs;
    private LocalDate today;
    private final UUID tenant = UUID.randomUUID();
    private final UUID job = UUID.randomUUID();
    private int written;

    @BeforeEach
    void partitions() throws SQLException {
        database = new FreshDatabase("floor");
        Instant now = Instant.now();
        clock = new ManualClock(now.minus(Duration.ofDays(10)));
        HistoryMaintenance maintenance = maintenance(database, clock);
        maintenance.runOnce().block();
        clock.advance(Duration.ofDays(10));
        maintenance.runOnce().block();
        floor = new OpenRunsFloor(new PartitionStore(database.client(), database.tx()), database.client(), clock);
        runs = new RunStore(database.client(), KeyedReads.sharing(database.client()), floor, new RunIdBounds(clock), clock);
        today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        tenantAndJob(database, tenant, job);
    }

    @Test
    void finishedPartitionsAreLeftBelowTheFloorAndEveryOpenRunStaysAboveIt() throws Exception {
        assertThat(floor.floor()).as("before the first refresh").isEqualTo(OpenRunsFloor.LOWEST);
        UUID tenDaysAgo = run(10, "succeeded");
        run(9, "succeeded");
        UUID eightDaysAgo = run(8, "retry_wait");
        floor.runOnce().block();
        assertThat(floor.floor()).isEqualTo(dayStart(8));
        assertThat(Uuid7.instantOf(tenDaysAgo)).isBefore(Uuid7.instantOf(floor.floor()));
        assertThat(overdueIds()).as("the open run is swept").containsExactly(eightDaysAgo);
        assertThat(plannedPartitions()).contains(partition(8)).doesNotContain(partition(9), partition(10));

        // The open run finishes; one of nine days ago is opened again (a replay): it waits for the next refresh.
        setState(eightDaysAgo, "succeeded");
        UUID replayed = run(9, "succeeded");
        setState(replayed, "queued");
        assertThat(overdueIds()).as("below the floor until the next refresh").isEmpty();
        floor.runOnce().block();
        assertThat(floor.floor()).isEqualTo(dayStart(9));
        assertThat(overdueIds()).containsExactly(replayed);

        // Every partition older than a day closed: the floor rises to the start of the recent ones.
        setState(replayed, "succeeded");
        floor.runOnce().block();
        assertThat(floor.floor()).as("days 2 and 1 ago have no partition of their own").isEqualTo(dayStart(2));
        assertThat(plannedPartitions()).doesNotContain(partition(3)).contains(partition(0), "run_p_default");
    }

    @Test
    void anOpenRunInTheDefaultPartitionBelowTheFloorLowersIt() throws Exception {
        UUID inDefault = run(12, "retry_wait");
        assertThat(partitionOf(inDefault)).isEqualTo("run_p_default");
        UUID recentInDefault = run(1, "scheduled");
        floor.runOnce().block();
        assertThat(floor.floor()).isEqualTo(inDefault);
        assertThat(overdueIds()).contains(inDefault, recentInDefault);

        setState(inDefault, "dead");
        floor.runOnce().block();
        assertThat(floor.floor()).isEqualTo(dayStart(2));
        assertThat(overdueIds()).containsExactly(recentInDefault);
    }

    /** A run of the job scheduled about noon {@code daysAgo} days ago (a second later each), in {@code state}. */
    private UUID run(int daysAgo, String state) throws SQLException {
        Instant at = today.minusDays(daysAgo).atTime(12, 0).toInstant(ZoneOffset.UTC).plusSeconds(written++);
        UUID id = Uuid7.at(at);
        try (Connection db = database.jdbc()) {
            execute(db, """
                    insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, created_at, updated_at)
                    values (?, ?, ?, ?, ?, ?, now(), now())
                    """, id, tenant, job, Timestamp.from(at), Timestamp.from(at), state);
        }
        return id;
    }

    private void setState(UUID run, String state) throws SQLException {
        try (Connection db = database.jdbc()) {
            execute(db, "update run set state = ? where id = ?", state, run);
        }
    }

    private List<UUID> overdueIds() {
        return runs.overdue(clock.instant(), 100).map(entry -> entry.id().value()).collectList().block();
    }

    /** The run partitions a sweep for open runs bounded by the floor plans (custom plan: the floor is known). */
    private String plannedPartitions() throws SQLException {
        try (Connection db = database.jdbc(); Statement sql = db.createStatement();
             ResultSet plan = sql.executeQuery("explain select id from run where state in " + OPEN
                     + " and due_at < now() and id >= '" + floor.floor() + "'")) {
            List<String> lines = new ArrayList<>();
            while (plan.next()) {
                lines.add(plan.getString(1));
            }
            return String.join("\n", lines);
        }
    }

    private String partitionOf(UUID run) throws SQLException {
        try (Connection db = database.jdbc(); Statement sql = db.createStatement();
             ResultSet row = sql.executeQuery("select tableoid::regclass::text from run where id = '" + run + "'")) {
            row.next();
            return row.getString(1);
        }
    }

    private UUID dayStart(int daysAgo) {
        return Uuid7.floor(today.minusDays(daysAgo).atStartOfDay(ZoneOffset.UTC).toInstant());
    }

    private String partition(int daysAgo) {
        return "run_p" + DateTimeFormatter.BASIC_ISO_DATE.format(today.minusDays(daysAgo)) + " ";
    }
}
