package io.chronohook.running;

import io.chronohook.support.OpenRunSweeps;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Long-running work's once-a-second statements (running runs past their deadline, and their count for the gauge)
 * plan the partitions that can hold open runs only, as the delivery path's sweeps do ({@code SweepPlanTest}).
 */
class RunningPlanTest {

    @Test
    void runningSweepsPlanNeitherFinishedDaysNorDaysAhead() throws Exception {
        OpenRunSweeps.plansOpenRunsOnly("runningplan", Map.of("now", Instant.now().toString(), "limit", 100),
                RunningSql.TIMED_OUT, RunningSql.COUNT_RUNNING);
    }
}
