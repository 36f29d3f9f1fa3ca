package io.chronohook.platform;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.SmartLifecycle;

/**
 * A set of background loops that run on worker instances only: started with the application, stopped together with
 * the worker loops (a round in progress finishes, within a few seconds), before the web server and the connection
 * pools go away.
 */
public abstract class WorkerLoopSet implements SmartLifecycle {

    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final boolean worker;
    private final List<Loop> loops = new ArrayList<>();
    private volatile boolean running;

    protected WorkerLoopSet(boolean worker) {
        this.worker = worker;
    }

    /** Starts this set's loops. */
    protected abstract List<Loop> startLoops();

    @Override
    public void start() {
        running = true;
        if (worker) {
            loops.addAll(startLoops());
        }
    }

    @Override
    public void stop() {
        Loop.stopAll(loops, STOP_GRACE);
        loops.clear();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1000;
    }
}
