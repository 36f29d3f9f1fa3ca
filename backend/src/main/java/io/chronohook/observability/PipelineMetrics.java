package io.chronohook.observability;

import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import org.springframework.stereotype.Component;

/**
 * The meters of the delivery pipeline: lags between the stages, attempts by outcome and their latency, retries,
 * dead letters, and the sizes of the batches each stage works in. Lag histograms have fixed buckets from 5 ms to
 * 5 min, so {@code histogram_quantile} works across instances.
 */
@Component
public class PipelineMetrics {

    private static final Duration[] LAG_BUCKETS = durations(5, 10, 25, 50, 100, 250, 500, 750, 1_000, 1_500,
            2_000, 3_000, 5_000, 10_000, 30_000, 60_000, 300_000);
    private static final Duration[] LATENCY_BUCKETS = durations(1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500,
            5_000, 10_000, 30_000);

    private final MeterRegistry registry;
    private final Timer fireLag;
    private final Timer schedulingLag;
    private final Timer startLag;
    private final Counter retries;
    private final Counter deadLettered;
    private final DistributionSummary claimBatch;
    private final DistributionSummary outcomeBatch;
    private final DistributionSummary plannerBatch;
    private final DistributionSummary plannerRuns;
    private final Timer plannerRound;
    private final Map<String, Counter> deliveries = new ConcurrentHashMap<>();
    private final Map<String, Timer> latencies = new ConcurrentHashMap<>();

    public PipelineMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.fireLag = lag(MeterNames.FIRE_LAG, "First attempt sent minus the run's scheduled time");
        this.schedulingLag = lag(MeterNames.SCHEDULING_LAG,
                "Released by the time gate minus the run's scheduled time (first attempts)");
        this.startLag = lag(MeterNames.START_LAG, "Claimed for delivery minus released by the time gate");
        this.retries = Counter.builder(MeterNames.RETRIES)
                .description("Attempts that sent their run back to the gate for another try").register(registry);
        this.deadLettered = Counter.builder(MeterNames.DEAD_LETTERED)
                .description("Runs that ended dead (dead-lettered)").register(registry);
        this.claimBatch = batch(MeterNames.CLAIM_BATCH, "Runs one dispatch round claimed", "runs");
        this.outcomeBatch = batch(MeterNames.OUTCOME_BATCH, "Attempts one outcome batch recorded", "attempts");
        this.plannerBatch = batch(MeterNames.PLANNER_BATCH, "Jobs one planner round planned", "jobs");
        this.plannerRuns = batch(MeterNames.PLANNER_RUNS, "Runs one planner round wrote", "runs");
        this.plannerRound = Timer.builder(MeterNames.PLANNER_ROUND)
                .description("Time one planner round took: lock due jobs, write runs, commit, offer to the gate")
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .register(registry);
    }

    /** A lag read off two instants; a run put back with a later release time reads as no lag, not a negative one. */
    private static Duration nonNegative(Duration lag) {
        return lag.isNegative() ? Duration.ZERO : lag;
    }

    /** A dispatch round claimed these runs at {@code claimedAt}. */
    public void claimed(List<ClaimedRun> runs, Instant claimedAt) {
        claimBatch.record(runs.size());
        for (ClaimedRun run : runs) {
            if (run.releasedAt() == null) {
                continue;
            }
            startLag.record(nonNegative(Duration.between(run.releasedAt(), claimedAt)));
            if (run.attempt() == 1) {
                schedulingLag.record(nonNegative(Duration.between(run.scheduledFor(), run.releasedAt())));
            }
        }
    }

    /** An attempt of {@code run} finished (or met an open circuit and never went out). */
    public void attempted(ClaimedRun run, FinishedAttempt attempt) {
        deliveries.computeIfAbsent(attempt.outcome(), outcome -> Counter.builder(MeterNames.DELIVERIES)
                .description("Attempts by outcome").tag("outcome", outcome).register(registry)).increment();
        if (attempt.counted() && attempt.latencyMs() != null) {
            latencies.computeIfAbsent(attempt.outcome(), outcome -> Timer.builder(MeterNames.ATTEMPT_LATENCY)
                    .description("Request sent until the response was read or the attempt failed")
                    .tag("outcome", outcome)
                    .serviceLevelObjectives(LATENCY_BUCKETS)
                    .register(registry)).record(Duration.ofMillis(attempt.latencyMs()));
        }
        if (attempt.counted() && attempt.nextState() == RunState.RETRY_WAIT) {
            retries.increment();
        }
        if (attempt.nextState() == RunState.DEAD) {
            deadLettered.increment();
        }
        if (run.attempt() == 1 && attempt.counted() && attempt.startedAt() != null) {
            fireLag.record(Duration.between(run.scheduledFor(), attempt.startedAt()));
        }
    }

    /** Publishes the deliveries in flight on this instance. */
    public void watchInFlight(AtomicInteger inFlight) {
        Gauge.builder(MeterNames.IN_FLIGHT, inFlight, AtomicInteger::get)
                .description("Deliveries started and not yet recorded on this instance").register(registry);
    }

    /** Publishes the runs claimed on this instance whose requests have not gone out, and the pace they go out at. */
    public void watchSendQueue(IntSupplier waiting, DoubleSupplier perSecond) {
        // Held strongly: the suppliers are method references nothing else keeps.
        Gauge.builder(MeterNames.SEND_QUEUE, waiting, IntSupplier::getAsInt).strongReference(true)
                .description("Runs claimed on this instance whose requests have not gone out yet").register(registry);
        Gauge.builder(MeterNames.SEND_PACE, perSecond, DoubleSupplier::getAsDouble).strongReference(true)
                .description("Claimed runs whose requests went out (or whose attempts ended) per second, smoothed")
                .register(registry);
    }

    /** The outcome recorder wrote a batch of {@code attempts}. */
    public void recorded(int attempts) {
        outcomeBatch.record(attempts);
    }

    /** A planner round planned {@code jobs} jobs into {@code runs} runs in {@code took}. */
    public void planned(int jobs, int runs, Duration took) {
        plannerRound.record(took);
        if (jobs > 0) {
            plannerBatch.record(jobs);
            plannerRuns.record(runs);
        }
    }

    private Timer lag(String name, String description) {
        return Timer.builder(name).description(description).serviceLevelObjectives(LAG_BUCKETS).register(registry);
    }

    private DistributionSummary batch(String name, String description, String unit) {
        return DistributionSummary.builder(name).description(description).baseUnit(unit)
                .serviceLevelObjectives(1, 10, 50, 100, 250, 500, 1_000, 2_000, 5_000)
                .register(registry);
    }

    private static Duration[] durations(long... millis) {
        Duration[] durations = new Duration[millis.length];
        for (int i = 0; i < millis.length; i++) {
            durations[i] = Duration.ofMillis(millis[i]);
        }
        return durations;
    }
}
