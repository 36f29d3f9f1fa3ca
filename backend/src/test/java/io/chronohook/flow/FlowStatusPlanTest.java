package io.chronohook.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.history.HistoryRows;
import io.chronohook.history.RunIdBounds;
import io.chronohook.support.FreshDatabase;
import io.chronohook.support.ManualClock;
import io.chronohook.support.PlannedPartitions;
import java.sql.Connection;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A tenant's runs waiting for capacity are counted from the partitions that can hold open runs only (yesterday's and
 * today's at noon, with a partition for each of the last ten days and the week ahead).
 */
class FlowStatusPlanTest {

    /** Dropped after the test. */
    @AutoClose
    private FreshDatabase database;

    @Test
    void runsWaitingForCapacityAreCountedFromYesterdayAndTodayOnly() throws Exception {
        database = new FreshDatabase("flowplan");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        ManualClock clock = HistoryRows.dayPartitions(database, today.atTime(12, 0).toInstant(ZoneOffset.UTC), 10);
        Map<String, Object> parameters = Map.of("tenantId", UUID.randomUUID(),
                "openFloor", HistoryRows.refreshedFloor(database, clock).floor(),
                "runCeiling", new RunIdBounds(clock).ceiling());

        try (Connection db = database.jdbc()) {
            assertThat(PlannedPartitions.of(db, "run", FlowStatus.WAITING, parameters))
                    .containsExactly(day(today.minusDays(1)), day(today));
        }
    }

    private static String day(LocalDate day) {
        return "run_p" + DateTimeFormatter.BASIC_ISO_DATE.format(day);
    }
}
