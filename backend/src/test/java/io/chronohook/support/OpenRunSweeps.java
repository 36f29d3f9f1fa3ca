package io.chronohook.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.history.HistoryRows;
import io.chronohook.history.RunIdBounds;
import java.sql.Connection;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;

/**
 * The plan tests' check that the statements looking for open runs by state alone plan only the partitions that can
 * hold them.
 */
public final class OpenRunSweeps {

    private OpenRunSweeps() {
    }

    /**
     * On a database of its own with a day partition for each of the last ten days and the week ahead, its clock at
     * noon today, asserts that each of {@code statements}, given {@code parameters} and the bounds of open runs' ids
     * ({@code floor}, {@code ceiling}), plans yesterday's and today's run partitions and no other (neither the
     * finished days below the floor, nor the days made ahead, nor the default partition); and, on the same
     * statement, the premise: without the ceiling it would plan the days ahead.
     */
    public static void plansOpenRunsOnly(String name, Map<String, Object> parameters, String... statements)
            throws Exception {
        try (FreshDatabase database = new FreshDatabase(name); Connection db = database.jdbc()) {
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            ManualClock clock = HistoryRows.dayPartitions(database, today.atTime(12, 0).toInstant(ZoneOffset.UTC), 10);
            Map<String, Object> bound = new HashMap<>(parameters);
            bound.put("floor", HistoryRows.refreshedFloor(database, clock).floor().toString());
            bound.put("ceiling", new RunIdBounds(clock).ceiling().toString());
            Map<String, Object> noCeiling = new HashMap<>(bound);
            noCeiling.put("ceiling", "ffffffff-ffff-ffff-ffff-ffffffffffff");
            for (String statement : statements) {
                assertThat(PlannedPartitions.of(db, "run", statement, bound)).as(statement)
                        .containsExactlyInAnyOrder(day(today.minusDays(1)), day(today));
                assertThat(PlannedPartitions.of(db, "run", statement, noCeiling))
                        .as("without the ceiling: " + statement)
                        .contains(day(today.plusDays(1)), day(today.plusDays(7)), "run_p_default");
            }
        }
    }

    private static String day(LocalDate day) {
        return "run_p" + DateTimeFormatter.BASIC_ISO_DATE.format(day);
    }
}
