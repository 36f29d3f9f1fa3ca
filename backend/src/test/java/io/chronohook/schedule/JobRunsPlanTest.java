package io.chronohook.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.history.HistoryRows;
import io.chronohook.history.RunIdBounds;
import io.chronohook.platform.Uuid7;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import io.chronohook.support.PlannedPartitions;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The first page of a job's runs is read from the day before now up to the highest id a run can have: the partitions
 * made ahead for the days to come and the default partition are not planned; and a job made three days ago has its
 * older pages read from the days since it was made, not from the whole history. On a database of its own with a partition
 * for each of the last ten days and the week ahead, at noon.
 */
class JobRunsPlanTest {

    /** Dropped after the test. */
    @AutoClose
    private FreshDatabase database;

    @Test
    void aJobsRunsAreReadFromTheDaysTheyCanBeIn() throws Exception {
        database = new FreshDatabase("runsplan");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        Instant noon = today.atTime(12, 0).toInstant(ZoneOffset.UTC);
        ManualClock clock = HistoryRows.dayPartitions(database, noon, 10);
        RunIdBounds bounds = new RunIdBounds(clock);

        Map<String, Object> parameters = new HashMap<>();
        parameters.put("tenantId", UUID.randomUUID());
        parameters.put("jobId", UUID.randomUUID());
        parameters.put("state", null);
        parameters.put("limit", 50);
        parameters.put("since", Uuid7.floor(noon.minus(RunStore.RECENT_PROBE)));
        parameters.put("ceiling", bounds.ceiling());
        try (Connection db = database.jdbc()) {
            assertThat(PlannedPartitions.of(db, "run", "select * from run", Map.of()))
                    .as("the partitions there are").contains(day(today.plusDays(3)), "run_p_default");
            assertThat(PlannedPartitions.of(db, "run", RunSql.LIST_FOR_JOB_FIRST, parameters)).as("the first page")
                    .containsExactly(day(today.minusDays(1)), day(today));

            Instant madeThreeDaysAgo = noon.minus(Duration.ofDays(3));
            parameters.put("after", Uuid7.floor(noon.minus(RunStore.RECENT_PROBE)));
            parameters.put("since", Uuid7.floor(RunIdBounds.earliestRunOf(madeThreeDaysAgo)));
            assertThat(PlannedPartitions.of(db, "run", RunSql.LIST_FOR_JOB_AFTER, parameters))
                    .as("the days before it, back to the job's making")
                    .containsExactly(day(today.minusDays(3)), day(today.minusDays(2)), day(today.minusDays(1)));
        }
    }

    private static String day(LocalDate day) {
        return "run_p" + DateTimeFormatter.BASIC_ISO_DATE.format(day);
    }
}
