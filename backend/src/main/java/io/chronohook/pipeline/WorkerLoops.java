package io.chronohook.pipeline;

import io.chronohook.batcher.FairBatcher;
import io.chronohook.batcher.ReadyDepthSampler;
import io.chronohook.job.JobService;
import io.chronohook.job.JobStore;
import io.chronohook.maintenance.GateRehydrator;
import io.chronohook.maintenance.JobCompleter;
import io.chronohook.maintenance.LeaseRescuer;
import io.chronohook.observability.QueueDepthSampler;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.platform.Loop;
import io.chronohook.schedule.Planner;
import io.chronohook.schedule.PlannerProperties;
import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.GateProperties;
import io.chronohook.timegate.GateReleaser;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Starts the scheduling pipeline on worker instances — planner → gate release → dispatch → outcome, plus the gate
 * rehydrator — and on shutdown stops taking work, lets in-flight deliveries finish (bounded) and flushes outcomes.
 */
@Component
public class WorkerLoops implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkerLoops.class);
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(15);

    private final PipelineProperties pipeline;
    private final Planner planner;
    private final PlannerProperties plannerProperties;
    private final TimeGate gate;
    private final GateProperties gateProperties;
    private final RunStore runs;
    private final Deliveries deliveries;
    private final FairBatcher batcher;
    private final JobService jobService;
    private final ReadyDepthSampler readyDepths;
    private final QueueDepthSampler queueDepths;
    private final DispatchLoop.Telemetry telemetry;
    private final OutcomeRecorder.Listener outcomeListener;
    private final Clock clock;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final List<Loop> loops = new ArrayList<>();
    private OutcomeRecorder recorder;
    private final JobStore jobs;
    private volatile boolean running;

    public WorkerLoops(PipelineProperties pipeline, Planner planner, PlannerProperties plannerProperties,
                       TimeGate gate, GateProperties gateProperties, RunStore runs, Deliveries deliveries,
                       FairBatcher batcher, JobService jobService, Samplers samplers, DispatchLoop.Telemetry telemetry,
                       OutcomeRecorder.Listener outcomeListener, JobStore jobs, Clock clock) {
        this.pipeline = pipeline;
        this.planner = planner;
        this.plannerProperties = plannerProperties;
        this.gate = gate;
        this.gateProperties = gateProperties;
        this.runs = runs;
        this.deliveries = deliveries;
        this.batcher = batcher;
        this.jobService = jobService;
        this.readyDepths = samplers.ready();
        this.queueDepths = samplers.queues();
        this.telemetry = telemetry;
        this.outcomeListener = outcomeListener;
        this.jobs = jobs;
        this.clock = clock;
        telemetry.metrics().watchInFlight(inFlight);
    }

    /** The loops that sample depths into gauges. */
    @Component
    public record Samplers(ReadyDepthSampler ready, QueueDepthSampler queues) {
    }

    /** Deliveries started and not yet recorded. */
    public int inFlight() {
        return inFlight.get();
    }

    @Override
    public void start() {
        running = true;
        if (!pipeline.worker()) {
            log.info("worker role off: this instance serves the API only");
            return;
        }
        PipelineProperties.Dispatch dispatch = pipeline.dispatch();
        recorder = new OutcomeRecorder(runs, gate, gone -> jobService.pauseBecauseGone(gone.tenantId(),
                gone.jobId(), gone.runId().toString()), clock, dispatch.outcomeBatch(), dispatch.outcomeFlush(),
                recorded -> {
                    inFlight.addAndGet(-recorded);
                    telemetry.metrics().recorded(recorded);
                }, outcomeListener);
        DispatchLoop dispatchLoop = new DispatchLoop(gate, batcher, runs, deliveries, recorder, telemetry, dispatch,
                gateProperties.releaseBatch(), clock, inFlight);
        GateRehydrator rehydrator = new GateRehydrator(gate, runs, gateProperties, clock);
        LeaseRescuer rescuer = new LeaseRescuer(runs, gate, outcomeListener, clock);
        loops.add(Loop.every("gate rehydrator", rehydrator::runOnce, Duration.ofSeconds(2)));
        loops.add(Loop.every("lease rescuer", rescuer::runOnce, Duration.ofSeconds(5)));
        loops.add(Loop.start("job completer", new JobCompleter(jobs)::runOnce, Duration.ofMillis(500),
                Duration.ofSeconds(1)));
        loops.add(Loop.every("ready depth sampler", readyDepths::runOnce, Duration.ofSeconds(5)));
        loops.add(Loop.every("queue depth sampler", queueDepths::runOnce, Duration.ofSeconds(15)));
        loops.add(Loop.start("planner", planner::runOnce, plannerProperties.interval(), plannerProperties.interval()));
        GateReleaser releaser = new GateReleaser(gate, gateProperties.releaseBatch(), clock);
        loops.add(Loop.start("gate releaser", releaser::runOnce, dispatch.idle(), dispatch.maxIdle()));
        loops.add(Loop.start("dispatch", dispatchLoop::runOnce, dispatch.idle(), dispatch.maxIdle()));
        log.info("worker loops started");
    }

    @Override
    public void stop() {
        // Rounds in progress finish (a claim is never cut off from its deliveries), then the loops stop.
        loops.forEach(loop -> loop.stop(Duration.ofSeconds(5)));
        loops.clear();
        Instant deadline = clock.instant().plus(DRAIN_TIMEOUT);
        while (inFlight.get() > 0 && clock.instant().isBefore(deadline)) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (inFlight.get() > 0) {
            log.warn("{} deliveries still in flight at shutdown; their leases will return them to the queue",
                    inFlight.get());
        }
        if (recorder != null) {
            recorder.close();
        }
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops before the web server and the connection pools go away. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1000;
    }
}
