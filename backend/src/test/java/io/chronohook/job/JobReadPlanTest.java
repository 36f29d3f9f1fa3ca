package io.chronohook.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.history.HistoryRows;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.history.RunIdBounds;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import io.chronohook.support.PlannedPartitions;
import java.sql.Connection;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A job is read (alone or in a page of the list) with its next run and its running runs from the partitions that can
 * hold open runs only: not the days of history below the open runs' floor, not the days made ahead, not the default
 * partition; finished one-shot jobs are completed without planning the days made ahead. Planned on a database of its own with a partition for each of the last ten days and the week ahead, at
 * noon.
 */
class JobReadPlanTest {

    /** Dropped after the test. */
    @AutoClose
    private FreshDatabase database;

    @Test
    void aJobIsReadFromThePartitionsOfYesterdayAndTodayOnly() throws Exception {
        database = new FreshDatabase("jobplan");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        Instant noon = today.atTime(12, 0).toInstant(ZoneOffset.UTC);
        ManualClock clock = HistoryRows.dayPartitions(database, noon, 10);
        UUID tenant = UUID.randomUUID();
        UUID job = UUID.randomUUID();
        HistoryRows.tenantAndJob(database, tenant, job);
        OpenRunsFloor floor = HistoryRows.refreshedFloor(database, clock);
        RunIdBounds bounds = new RunIdBounds(clock);

        Map<String, Object> parameters = new HashMap<>();
        parameters.put("tenantId", tenant);
        parameters.put("id", job);
        parameters.put("openFloor", floor.floor());
        parameters.put("runCeiling", bounds.ceiling());
        parameters.put("state", null);
        parameters.put("label", null);
        parameters.put("name", null);
        parameters.put("limit", 50);
        parameters.put("after", job);
        String todays = "run_p" + DateTimeFormatter.BASIC_ISO_DATE.format(today);
        // The floor leaves out every day that holds no open run and ended more than a day ago.
        String yesterdays = "run_p" + DateTimeFormatter.BASIC_ISO_DATE.format(today.minusDays(1));
        try (Connection db = database.jdbc()) {
            Set<String> all = PlannedPartitions.of(db, "run", "select * from run", Map.of());
            assertThat(all).as("the partitions there are").contains(todays, "run_p_default")
                    .hasSizeGreaterThan(10);
            for (String statement : new String[] {JobSql.FIND, JobSql.LIST_FIRST, JobSql.LIST_AFTER}) {
                assertThat(PlannedPartitions.of(db, "run", statement, parameters)).as(statement)
                        .containsExactly(yesterdays, todays);
            }
            // Finished one-shot jobs: runs held by quota may be weeks old, but none is ahead of now.
            parameters.put("ids", "{" + job + "}");
            for (String statement : new String[] {JobSql.COMPLETE_FINISHED, JobSql.COMPLETE_IF_FINISHED}) {
                Set<String> completion = PlannedPartitions.of(db, "run", statement, parameters);
                assertThat(completion).as(statement).contains(todays,
                        "run_p" + DateTimeFormatter.BASIC_ISO_DATE.format(today.minusDays(9)));
                for (int ahead = 1; ahead <= 7; ahead++) {
                    assertThat(completion).as(statement).doesNotContain("run_p"
                            + DateTimeFormatter.BASIC_ISO_DATE.format(today.plusDays(ahead)));
                }
            }
        }
    }
}
