package io.chronohook.pipeline;

import io.chronohook.batcher.FairBatcher;
import io.chronohook.batcher.ReadyDepthSampler;
import io.chronohook.job.JobService;
import io.chronohook.job.JobStore;
import io.chronohook.maintenance.GateRehydrator;
import io.chronohook.maintenance.JobCompleter;
import io.chronohook.maintenance.LeaseRescuer;
import io.chronohook.node.LocalNode;
import io.chronohook.node.NodeHeartbeat;
import io.chronohook.node.NodeProperties;
import io.chronohook.node.NodeStore;
import io.chronohook.observability.QueueDepthSampler;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.outcome.Replays;
import io.chronohook.platform.DeliveryPressure;
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
 * rehydrator and the lease rescuer. On shutdown: claiming has already stopped (the node stopped taking runs when the
 * application was told to close), every loop is told to stop at once, in-flight deliveries get up to
 * {@code chronohook.node.stop-grace} to finish, and their outcomes are written.
 */
@Component
public class WorkerLoops implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WorkerLoops.class);
    /** How often this instance's circuit breakers follow the shared board. */
    private static final Duration BREAKER_SYNC = Duration.ofMillis(500);
    /** Longest a loop's round in progress may take to finish at shutdown. */
    private static final Duration LOOP_GRACE = Duration.ofSeconds(2);
    /** Longest the last outcomes may take to be written at shutdown. */
    private static final Duration FLUSH_GRACE = Duration.ofSeconds(2);

    private final PipelineProperties pipeline;
    private final Planner planner;
    private final PlannerProperties plannerProperties;
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
    private final LocalNode node;
    private final NodeHeartbeat heartbeat;
    private final NodeProperties nodeProperties;
    private final NodeStore nodeStore;
    private final DispatchLoop.Gate gates;
    private final AtomicInteger inFlight;
    private final CircuitBreakers breakers;
    private final Replays replays;
    private final List<Loop> loops = new ArrayList<>();
    private OutcomeRecorder recorder;
    private final JobStore jobs;
    private volatile boolean running;

    public WorkerLoops(PipelineProperties pipeline, Planner planner, PlannerProperties plannerProperties,
                       DispatchLoop.Gate gates, GateProperties gateProperties, RunStore runs, Deliveries deliveries,
                       FairBatcher batcher, JobService jobService, Samplers samplers, DispatchLoop.Telemetry telemetry,
                       OutcomeRecorder.Listener outcomeListener, JobStore jobs, Node nodeParts,
                       CircuitBreakers breakers, Replays replays, Clock clock) {
        this.replays = replays;
        this.pipeline = pipeline;
        this.breakers = breakers;
        this.gates = gates;
        this.node = nodeParts.local();
        this.heartbeat = nodeParts.heartbeat();
        this.nodeProperties = nodeParts.properties();
        this.nodeStore = nodeParts.store();
        this.inFlight = node.inFlight();
        this.planner = planner;
        this.plannerProperties = plannerProperties;
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

    /** This node, its heartbeat, the node table and the node settings. */
    @Component
    public record Node(LocalNode local, NodeHeartbeat heartbeat, NodeStore store, NodeProperties properties) {
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
        DeliveryPressure pressure = new DeliveryPressure(clock, dispatch.completionDeferral());
        recorder = new OutcomeRecorder(runs, gates.backlog(), gone -> jobService.pauseBecauseGone(gone.tenantId(),
                gone.jobId(), gone.runId().toString()), jobs::completeIfFinished, pressure::yielding, clock,
                dispatch.outcomeBatch(), dispatch.outcomeFlush(),
                recorded -> {
                    inFlight.addAndGet(-recorded);
                    telemetry.metrics().recorded(recorded);
                }, outcomeListener);
        heartbeat.keepLeased(recorder::stalledRunIds);

        GateRehydrator rehydrator = new GateRehydrator(gates.gate(), runs, gateProperties,
                plannerProperties.reach(), clock);
        DispatchLoop dispatchLoop = new DispatchLoop(gates, batcher, runs, deliveries, recorder, telemetry, dispatch,
                gateProperties, clock, node, rehydrator::rebuildNow, pressure);
        LeaseRescuer rescuer = new LeaseRescuer(runs, gates.backlog(), outcomeListener,
                new LeaseRescuer.Nodes(node, nodeStore, nodeProperties.deadAfter()), rehydrator::rebuildNow, clock);
        loops.add(Loop.every("gate rehydrator", rehydrator::runOnce, Duration.ofSeconds(2)));
        loops.add(Loop.every("lease rescuer", rescuer::runOnce, Duration.ofSeconds(1)));
        loops.add(Loop.every("breaker sync", breakers::syncOnce, BREAKER_SYNC));
        loops.add(Loop.every("replay resumer", replays::resumeOnce, Duration.ofSeconds(2)));
        loops.add(Loop.start("job completer", new JobCompleter(jobs, pressure::yielding)::runOnce,
                Duration.ofMillis(500), Duration.ofSeconds(1)));
        loops.add(Loop.every("ready depth sampler", readyDepths::runOnce, Duration.ofSeconds(5)));
        loops.add(Loop.every("queue depth sampler", queueDepths::runOnce, Duration.ofSeconds(15)));
        loops.add(Loop.start("planner", planner::runOnce, plannerProperties.interval(), plannerProperties.interval()));
        GateReleaser releaser = new GateReleaser(gates.gate(), gateProperties.releaseBatch(), clock);
        loops.add(Loop.start("gate releaser", releaser::runOnce, dispatch.idle(), dispatch.maxIdle()));
        loops.add(Loop.start("dispatch", dispatchLoop::runOnce, dispatch.idle(), dispatch.maxIdle()));
        log.info("worker loops started");
    }

    @Override
    public void stop() {
        long started = System.nanoTime();
        node.beginStop();
        if (!pipeline.worker()) {
            running = false;
            return;
        }
        heartbeat.markStopping();
        // Rounds in progress finish (a claim is never cut off from its deliveries); all loops stop together.
        Loop.stopAll(loops, LOOP_GRACE);
        loops.clear();
        Instant deadline = clock.instant().plus(nodeProperties.stopGrace());
        while (inFlight.get() > 0 && clock.instant().isBefore(deadline)) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (inFlight.get() > 0) {
            log.warn("{} deliveries still in flight after {}; they are taken up again as soon as this node is marked "
                    + "stopped", inFlight.get(), nodeProperties.stopGrace());
        }
        if (recorder != null) {
            recorder.close(FLUSH_GRACE);
        }
        log.info("worker stopped in {} ms", Duration.ofNanos(System.nanoTime() - started).toMillis());
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
