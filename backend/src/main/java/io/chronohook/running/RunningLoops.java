package io.chronohook.running;

import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.Loop;
import io.chronohook.platform.WorkerLoopSet;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Times out running attempts on worker instances: every second (at once again while a round finds work), any
 * instance ends the attempts whose heartbeat deadline or longest duration passed. Leaderless: each end is a
 * compare-and-set on the run's state and attempt, so two instances never end the same attempt twice.
 */
@Component
public class RunningLoops extends WorkerLoopSet {

    static final Duration INTERVAL = Duration.ofSeconds(1);

    private final RunningRuns runs;

    public RunningLoops(PipelineProperties pipeline, RunningRuns runs) {
        super(pipeline.worker());
        this.runs = runs;
    }

    @Override
    protected List<Loop> startLoops() {
        return List.of(Loop.start("running timeouts", runs::timeOutOnce, INTERVAL, INTERVAL));
    }
}
