package io.chronohook.pipeline;

import io.chronohook.batcher.FairBatcher;
import io.chronohook.observability.PipelineMetrics;
import io.chronohook.observability.RunTrace;
import io.chronohook.observability.RunTracing;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.timegate.GateBacklog;
import io.chronohook.timegate.GateProperties;
import io.chronohook.timegate.TimeGate;
import io.chronohook.node.LocalNode;
import io.chronohook.platform.DeliveryPressure;
import io.chronohook.platform.OutageLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Each round, shard by shard: releases the due runs of the gate and takes released runs fairly across tenants and
 * within their rates (the fair batcher), claims them in one compare-and-set statement, and starts their attempts —
 * never holding more than {@code maxInFlight} deliveries at once, nor more claimed runs waiting for their requests to
 * go out than it sends in a moment ({@link SendQueue}). Releasing goes on while deliveries are full, or while the node
 * is drained or stopping (it then takes nothing). Runs taken whose claim fails (Postgres away) go back into the gate
 * for a moment later instead of waiting for the overdue sweep. A round that had no room, or was given by a shard all
 * it asked of it, tells the {@link DeliveryPressure} that deliveries fill the instance.
 */
public final class DispatchLoop {

    /** A take slower than this may have been retried by the Redis client: the gate is refilled after it. */
    static final Duration SLOW_TAKE = Duration.ofSeconds(2);
    /** The second refill after a failed or slow take: after the Redis client's own retries have all been sent. */
    static final Duration REFILL_AGAIN_AFTER = Duration.ofSeconds(10);

    /** How long a run held by the overlap policy {@code queue} waits before it is looked at again. */
    static final Duration QUEUE_RETRY = Duration.ofMillis(500);

    private static final Logger log = LoggerFactory.getLogger(DispatchLoop.class);

    private final TimeGate gate;
    private final GateBacklog backlog;
    private final LocalNode node;
    private final OutageLog outage = new OutageLog(log, "runs taken from the time gate could not be claimed");
    private final FairBatcher batcher;
    private final RunStore runs;
    private final Deliveries deliveries;
    private final OutcomeRecorder recorder;
    private final RunTracing tracing;
    private final PipelineMetrics metrics;
    private final PipelineProperties.Dispatch settings;
    private final int releaseBatch;
    private final SendQueue queue;
    /**
     * Runs taken ahead of their due time whose job had a run in flight: looked at again by the first round after they
     * fall due, so that every claim of a job that may not overlap is made by a round, one round after the other.
     */
    private final Queue<Early> early = new ConcurrentLinkedQueue<>();
    private final Clock clock;
    private final AtomicInteger inFlight;
    private final Supplier<Mono<Long>> refillGate;
    private final DeliveryPressure pressure;
    /** Set when a take from the gate failed: its runs may have left Redis in a reply that never arrived. */
    private volatile boolean takeFailed;
    /** When to refill once more after a failed take (0: no refill pending): client retries may land after the first. */
    private volatile long refillAgainAt;
    private int nextShard;

    public DispatchLoop(Gate gate, FairBatcher batcher, RunStore runs, Deliveries deliveries, OutcomeRecorder recorder,
                        Telemetry telemetry, PipelineProperties.Dispatch settings, GateProperties gateSettings,
                        Clock clock, LocalNode node, Supplier<Mono<Long>> refillGate, DeliveryPressure pressure) {
        this.refillGate = refillGate;
        this.pressure = pressure;
        this.gate = gate.gate();
        this.backlog = gate.backlog();
        this.node = node;
        this.batcher = batcher;
        this.runs = runs;
        this.deliveries = deliveries;
        this.recorder = recorder;
        this.tracing = telemetry.tracing();
        this.metrics = telemetry.metrics();
        this.settings = settings;
        this.releaseBatch = gateSettings.releaseBatch();
        this.queue = new SendQueue(settings.queueWait(), gateSettings.lead(), settings.queueLeast());
        telemetry.metrics().watchSendQueue(queue::waiting, queue::perSecond);
        this.clock = clock;
        this.inFlight = node.inFlight();
    }

    /** The time gate, and the backlog that hands runs to it while Redis does not answer. */
    @Component
    public record Gate(TimeGate gate, GateBacklog backlog) {
    }

    /** What the loop reports to: the runs' traces and the pipeline's meters. */
    @Component
    public record Telemetry(RunTracing tracing, PipelineMetrics metrics) {
    }

    /** One round: returns how many runs it took from the gate (0 when none were ready or no capacity was left). */
    public Mono<Integer> runOnce() {
        long roundStarted = System.nanoTime();
        // Room for what goes out soon at this instance's pace, not for all it may have in flight: what is not taken
        // stays in the gate, shared out fairly again next round, instead of queueing here ahead of later rounds' runs.
        int room = !node.mayClaim() ? 0 : Math.max(0, Math.min(Math.min(settings.claimBatch(),
                settings.maxInFlight() - inFlight.get()), queue.room(roundStarted)));
        // Take in batches worth sharing out by weight: a sliver of room would favour whoever comes first.
        int want = room >= Math.max(1, settings.claimBatch() / 5) ? room : 0;
        int shards = gate.shards();
        int start = nextShard;
        nextShard = (nextShard + 1) % shards;
        List<TimeGate.Released> taken = new ArrayList<>();
        if (refillAgainAt != 0 && roundStarted - refillAgainAt > 0) {
            refillAgainAt = 0;
            takeFailed = true;
        }
        // Every shard gets its part of the room each round (so a tenant's runs in any shard wait one round at most);
        // what a shard leaves unused passes on to the next.
        // Deliveries fill this node when there is no room, or when a shard gave all that was asked of it (it may hold
        // more).
        AtomicBoolean saturated = new AtomicBoolean(node.mayClaim() && want == 0);
        return Flux.range(0, shards)
                .concatMap(i -> {
                    int ask = Math.max(0, want * (i + 1) / shards - taken.size());
                    return batcher.take((start + i) % shards, releaseBatch, ask, settings.fairQuantum())
                            .doOnNext(released -> {
                                taken.addAll(released);
                                if (ask > 0 && released.size() >= ask) {
                                    saturated.set(true);
                                }
                            });
                })
                .doOnError(error -> {
                    takeFailed = true;
                    refillAgainAt = System.nanoTime() + REFILL_AGAIN_AFTER.toNanos();
                })
                .doOnComplete(() -> {
                    if (saturated.get()) {
                        pressure.saturated();
                    }
                    // A take answered this late may have been sent again by the Redis client after a timeout: the
                    // first sending's runs went with a reply nobody read.
                    if (System.nanoTime() - roundStarted > SLOW_TAKE.toNanos()) {
                        takeFailed = true;
                        refillAgainAt = System.nanoTime() + REFILL_AGAIN_AFTER.toNanos();
                    }
                })
                .then(Mono.defer(this::refillAfterFailedTake))
                .then(Mono.defer(() -> claimAndSend(taken, dueEarly(clock.instant()))))
                .then(Mono.fromSupplier(taken::size));
    }

    /** A run taken ahead of its due time whose job had a run in flight, and that due time. */
    private record Early(TimeGate.Released run, Instant dueAt) {
    }

    /** The early runs due by {@code now}, taken off the list; all of them when this node may not claim. */
    private List<TimeGate.Released> dueEarly(Instant now) {
        List<TimeGate.Released> due = new ArrayList<>();
        boolean all = !node.mayClaim();
        early.removeIf(entry -> {
            boolean take = all || !entry.dueAt().isAfter(now);
            if (take) {
                due.add(entry.run());
            }
            return take;
        });
        return due;
    }

    /**
     * After Redis failed to answer a take (frozen, or a connection cut mid-reply), the take may still have run and
     * its runs gone with the lost reply: the live runs within the horizon are offered again, once, from Postgres.
     */
    private Mono<Void> refillAfterFailedTake() {
        if (!takeFailed) {
            return Mono.empty();
        }
        takeFailed = false;
        return refillGate.get()
                .doOnNext(offered -> log.info("the time gate answers again; {} live runs offered again in case a "
                        + "take's reply was lost", offered))
                .onErrorResume(error -> {
                    takeFailed = true;
                    return Mono.empty();
                })
                .then();
    }

    /** Claims the runs taken, and the early runs now due (of jobs that may not overlap), and starts their attempts. */
    private Mono<Void> claimAndSend(List<TimeGate.Released> taken, List<TimeGate.Released> dueEarly) {
        if (taken.isEmpty() && dueEarly.isEmpty()) {
            return Mono.empty();
        }
        List<TimeGate.Released> all = new ArrayList<>(taken);
        all.addAll(dueEarly);
        if (!node.mayClaim()) {
            // Stopping or drained since the runs were taken: another node claims them.
            return backlog.offer(FairBatcher.later(all, clock.instant()));
        }
        // The runs of jobs that allow overlap first, in one statement; only the runs it leaves (of jobs that may not
        // overlap, or no longer waiting) are looked at for a run of their job in flight.
        return claim(taken, RunStore.Claiming.OVERLAP_ALLOWED)
                .flatMap(claimed -> {
                    List<TimeGate.Released> rest = new ArrayList<>(taken.stream()
                            .filter(released -> !claimed.contains(released.runId())).toList());
                    rest.addAll(dueEarly);
                    return claimRest(rest);
                })
                .doOnSuccess(done -> outage.succeeded())
                .onErrorResume(error -> {
                    outage.failed(error);
                    return backlog.offer(FairBatcher.later(all, clock.instant().plus(FairBatcher.PUT_BACK)));
                });
    }

    /** Runs of jobs that may not overlap (and runs no longer waiting): claimed unless their job has a run in flight. */
    private Mono<Void> claimRest(List<TimeGate.Released> rest) {
        return rest.isEmpty() ? Mono.empty()
                : runs.overlapping(rest.stream().map(TimeGate.Released::runId).toList())
                        .flatMap(overlapping -> overlapping.isEmpty() ? claim(rest, RunStore.Claiming.ANY).then()
                                : holdOverlapping(rest, overlapping));
    }

    /**
     * Overlap policy, for jobs whose previous run is still in flight (or another of whose runs goes first in this
     * claim): {@code skip} records the run as skipped (reason overlap), {@code queue} puts it back into the gate for a
     * moment later; the other runs are claimed. A run released ahead of its due time (the gate's lead) is looked at
     * again by the first round after it is due, since the run in flight may end before then: the policy applies to
     * runs that would overlap when they are sent, not before.
     */
    private Mono<Void> holdOverlapping(List<TimeGate.Released> taken, Map<RunId, RunStore.Overlap> overlapping) {
        Instant now = clock.instant();
        Predicate<TimeGate.Released> notDueYet = released -> overlapping.containsKey(released.runId())
                && overlapping.get(released.runId()).dueAt().isAfter(now);
        taken.stream().filter(notDueYet)
                .forEach(released -> early.add(new Early(released, overlapping.get(released.runId()).dueAt())));
        List<RunId> skip = overlapping.entrySet().stream()
                .filter(e -> e.getValue().policy().equals("skip") && !e.getValue().dueAt().isAfter(now))
                .map(Map.Entry::getKey).toList();
        List<RunStore.GateEntry> later = taken.stream()
                .filter(released -> overlapping.containsKey(released.runId()) && !notDueYet.test(released)
                        && "queue".equals(overlapping.get(released.runId()).policy()))
                .map(released -> released.offerAt(now.plus(QUEUE_RETRY)))
                .toList();
        List<TimeGate.Released> rest = taken.stream()
                .filter(released -> !overlapping.containsKey(released.runId())).toList();
        return runs.skipOverlapping(skip, now).then(backlog.offer(later)).then(claim(rest, RunStore.Claiming.ANY))
                .then();
    }

    /**
     * Claims {@code taken} (the runs {@code which} takes of them) and starts their attempts; completes with the ids it
     * is done with: those claimed, or all of them when they were put back for another node.
     */
    private Mono<Set<RunId>> claim(List<TimeGate.Released> taken, RunStore.Claiming which) {
        if (taken.isEmpty()) {
            return Mono.just(Set.of());
        }
        List<RunId> ids = taken.stream().map(TimeGate.Released::runId).toList();
        List<Instant> releasedAt = taken.stream().map(TimeGate.Released::releasedAt).toList();
        // Attempts start in the order the batcher took the runs (tenants' turns interleaved), not in the
        // database's order of the claimed rows.
        Map<RunId, Integer> position = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            position.put(ids.get(i), i);
        }
        Instant claimStartedAt = clock.instant();
        if (!node.mayClaim()) {
            // Told to stop (or drained) since this round began: the claim's time is taken before this look, so no
            // claim is ever dated after the signal. Another node claims the runs.
            return backlog.offer(FairBatcher.later(taken, claimStartedAt)).thenReturn(Set.copyOf(ids));
        }
        return runs.claim(node.id().value(), ids, releasedAt, claimStartedAt, settings.leaseMargin(), which)
                .collectSortedList(Comparator.comparing(claimed -> position.get(claimed.id())))
                // Attempts are prepared (payload opened, signed, checked) off the database connection's event loop,
                // which would otherwise hold back the replies of every other statement on it.
                .publishOn(Schedulers.parallel())
                .doOnNext(claimed -> {
                    Instant claimedAt = clock.instant();
                    metrics.claimed(claimed, claimedAt);
                    claimed.forEach(run -> send(run, tracing.begin(run, claimStartedAt, claimStartedAt, claimedAt,
                            claimed.size())));
                })
                .map(claimed -> claimed.stream().map(ClaimedRun::id).collect(Collectors.toSet()));
    }

    /**
     * Starts the run's attempt when it is due: at once, or, for a run the gate released ahead of its time (its lead),
     * at its due time. It counts as in flight from its claim, and as queued until its request goes out.
     */
    private void send(ClaimedRun run, RunTrace trace) {
        inFlight.incrementAndGet();
        Duration wait = run.dueAt() == null ? Duration.ZERO
                : atMostLead(Duration.between(clock.instant(), run.dueAt()));
        SendQueue.Ticket ticket = queue.claimed(!wait.isZero());
        Mono<FinishedAttempt> start = Mono.defer(() -> {
            ticket.due();
            return deliveries.attempt(run, trace, ticket::leave);
        });
        (wait.isZero() ? start : Mono.delay(wait).then(start))
                .doFinally(signal -> ticket.leave())
                .subscribe(attempt -> {
                    metrics.attempted(run, attempt);
                    trace.finished(attempt, clock.instant());
                    recorder.submit(attempt, () -> trace.recorded(clock.instant()));
                });
    }

    /** A wait for a due time, within the gate's longest lead (never negative). */
    private static Duration atMostLead(Duration wait) {
        return wait.isNegative() ? Duration.ZERO
                : wait.compareTo(GateProperties.MAX_LEAD) > 0 ? GateProperties.MAX_LEAD : wait;
    }
}
