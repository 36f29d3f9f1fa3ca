package io.chronohook.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.history.HistoryRows;
import io.chronohook.platform.Uuid7;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.PlannedPartitions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The statements that claim a batch of runs, or write a batch of runs in flight, find them by primary key, even when
 * the table's statistics were taken while almost no run was due or in flight and thousands are now (a backlog): the
 * plan that reads the whole partial index of runs due, or in flight, instead costs more with each run in it, and slows
 * the very writes that would bring their number down. Planned on a database of its own.
 */
class RunWritePlanTest {

    private static final Pattern INDEX_SCAN =
            Pattern.compile("Index (?:Only )?Scan (?:Backward )?using (\\w+) on run_p");
    private static final int RUNS = 20_000;
    private static final int IN_FLIGHT = 3_000;
    private static final int BATCH = 500;

    /** Dropped after the test. */
    @AutoClose
    private FreshDatabase database;

    @Test
    void aBatchOfRunsInFlightIsFoundByPrimaryKeyWhateverTheStatisticsSay() throws Exception {
        database = new FreshDatabase("runwrites");
        Instant now = Instant.now();
        HistoryRows.dayPartitions(database, now, 1);
        UUID tenant = UUID.randomUUID();
        UUID job = UUID.randomUUID();
        HistoryRows.tenantAndJob(database, tenant, job);
        List<UUID> runs = new ArrayList<>();
        try (Connection db = database.jdbc()) {
            db.setAutoCommit(false);
            try (PreparedStatement insert = db.prepareStatement("""
                    insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, attempt, created_at,
                                     updated_at)
                    values (?, ?, ?, ?, ?, 'succeeded', 1, ?, ?)
                    """)) {
                for (int i = 0; i < RUNS; i++) {
                    Instant at = now.minus(Duration.ofMillis(i * 100L));
                    UUID id = Uuid7.at(at);
                    runs.add(id);
                    Timestamp time = Timestamp.from(at);
                    insert.setObject(1, id);
                    insert.setObject(2, tenant);
                    insert.setObject(3, job);
                    for (int column = 4; column <= 7; column++) {
                        insert.setTimestamp(column, time);
                    }
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            db.commit();
            db.setAutoCommit(true);
            try (Statement statement = db.createStatement()) {
                // Statistics of a moment with no run in flight; then a backlog in flight, not yet analysed.
                statement.execute("analyze run");
                statement.execute("update run set state = 'delivering', lease_until = now() + interval '1 minute' "
                        + "where id in (select id from run order by id desc limit " + IN_FLIGHT + ")");
            }

            List<UUID> batch = runs.subList(0, BATCH);
            Map<String, Object> finish = finishParameters(batch);
            assertThat(runIndexes(PlannedPartitions.plan(db, RunSql.FINISH_ATTEMPTS, finish)))
                    .as("the indexes the finish of a batch reads").isNotEmpty()
                    .allMatch(name -> name.endsWith("_pkey"));
            Map<String, Object> extend = new HashMap<>();
            extend.put("ids", array(batch));
            extend.put("until", now.toString());
            extend.put("node", UUID.randomUUID().toString());
            assertThat(runIndexes(PlannedPartitions.plan(db, RunSql.EXTEND_LEASES, extend)))
                    .as("the indexes a lease extension reads").isNotEmpty().allMatch(name -> name.endsWith("_pkey"));

            try (Statement statement = db.createStatement()) {
                // A backlog of due runs waiting, also unknown to the statistics.
                statement.execute("update run set state = 'scheduled', due_at = now() - interval '5 seconds', "
                        + "lease_until = null where id in (select id from run order by id limit " + IN_FLIGHT + ")");
            }
            Map<String, Object> claim = new HashMap<>();
            claim.put("ids", array(runs.subList(RUNS - BATCH, RUNS)));
            claim.put("releasedUs", repeated("1", BATCH));
            claim.put("now", new PlannedPartitions.Sql("timestamptz '" + now + "'"));
            claim.put("dueBy", now.plusSeconds(1).toString());
            claim.put("node", UUID.randomUUID().toString());
            claim.put("leaseMarginMs", 30_000);
            for (String statement : new String[] {RunSql.CLAIM, RunSql.CLAIM_OVERLAP_ALLOWED}) {
                assertThat(runIndexes(PlannedPartitions.plan(db, statement, claim)))
                        .as("the indexes a claim reads").isNotEmpty().allMatch(name -> name.endsWith("_pkey"));
            }

            // The premise: with the states given as literals, these statistics lead to a partial index of runs in
            // flight, or of runs due, read whole.
            String finishGivenState = RunSql.FINISH_ATTEMPTS.replace("(select 'delivering')", "'delivering'");
            assertThat(runIndexes(PlannedPartitions.plan(db, finishGivenState, finish)))
                    .as("the indexes the finish reads given the state").anyMatch(name -> !name.endsWith("_pkey"));
            String claimGivenStates = RunSql.CLAIM.replace(
                    "= any(cast((select array['scheduled', 'queued', 'retry_wait']) as text[]))",
                    "in ('scheduled', 'queued', 'retry_wait')");
            assertThat(claimGivenStates).isNotEqualTo(RunSql.CLAIM);
            assertThat(runIndexes(PlannedPartitions.plan(db, claimGivenStates, claim)))
                    .as("the indexes a claim reads given the states").anyMatch(name -> !name.endsWith("_pkey"));
        }
    }

    private static Map<String, Object> finishParameters(List<UUID> batch) {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("ids", array(batch));
        parameters.put("attempts", repeated("1", batch.size()));
        parameters.put("states", repeated("succeeded", batch.size()));
        parameters.put("nextDueUs", repeated("NULL", batch.size()));
        parameters.put("startedUs", repeated("1", batch.size()));
        parameters.put("finishedUs", repeated("2", batch.size()));
        parameters.put("statusCodes", repeated("200", batch.size()));
        parameters.put("errors", repeated("NULL", batch.size()));
        parameters.put("traceIds", repeated("NULL", batch.size()));
        parameters.put("counted", repeated("true", batch.size()));
        parameters.put("errorClasses", repeated("NULL", batch.size()));
        parameters.put("hosts", repeated("example.com", batch.size()));
        parameters.put("now", Instant.now().toString());
        return parameters;
    }

    /** The indexes of run partitions the plan scans. */
    private static List<String> runIndexes(List<String> plan) {
        List<String> indexes = new ArrayList<>();
        for (String line : plan) {
            Matcher scan = INDEX_SCAN.matcher(line);
            if (scan.find()) {
                indexes.add(scan.group(1));
            }
        }
        return indexes;
    }

    private static String array(List<UUID> ids) {
        return "{" + String.join(",", ids.stream().map(UUID::toString).toList()) + "}";
    }

    private static String repeated(String value, int times) {
        return "{" + String.join(",", Collections.nCopies(times, value)) + "}";
    }
}
