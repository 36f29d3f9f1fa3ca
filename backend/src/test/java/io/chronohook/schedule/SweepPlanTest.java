package io.chronohook.schedule;

import io.chronohook.support.OpenRunSweeps;
import io.chronohook.support.PlannedPartitions;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The statements that look for open runs by state alone, every second or on each claim (lease rescue, the overdue
 * sweep, the gate's rebuild, runs in flight by job, a tenant's reserved executions), plan the partitions that can
 * hold open runs only: neither the finished days below the open runs' floor nor the week of partitions made ahead,
 * whose planning cost more than the statement's work (lease rescue: 2.1 ms of planning with the week ahead, 0.6 ms
 * without). Planned on a database of its own ({@link OpenRunSweeps}).
 */
class SweepPlanTest {

    @Test
    void sweepsForOpenRunsPlanNeitherFinishedDaysNorDaysAhead() throws Exception {
        Instant now = Instant.now();
        OpenRunSweeps.plansOpenRunsOnly("sweepplan", Map.ofEntries(
                        Map.entry("now", new PlannedPartitions.Sql("timestamptz '" + now + "'")),
                        Map.entry("deadBefore", now.toString()), Map.entry("before", now.toString()),
                        Map.entry("horizon", now.plusSeconds(30).toString()),
                        Map.entry("afterDue", now.minusSeconds(3600).toString()),
                        Map.entry("afterId", UUID.randomUUID().toString()), Map.entry("limit", 500),
                        Map.entry("error", "lost"), Map.entry("jobIds", "{" + UUID.randomUUID() + "}"),
                        Map.entry("tenantId", UUID.randomUUID().toString()), Map.entry("from", now.toString())),
                RunSql.RESCUE_EXPIRED_LEASES, RunSql.OVERDUE, RunSql.LIVE_DUE_BEFORE, RunSql.IN_FLIGHT_JOBS,
                QuotaHoldSql.EXECUTIONS_USED);
    }
}
