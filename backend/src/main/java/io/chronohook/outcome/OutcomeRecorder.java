package io.chronohook.outcome;

import io.chronohook.job.JobId;
import io.chronohook.platform.BatchWriter;
import io.chronohook.platform.DatabaseOutage;
import io.chronohook.platform.OutageLog;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.timegate.GateBacklog;
import java.util.Collection;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import io.chronohook.schedule.RunStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Collects finished attempts from every in-flight delivery and writes them in batches (one statement for the
 * attempt rows, one compare-and-set for the runs), so that recording costs a fraction of a commit per run.
 */
public final class OutcomeRecorder implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OutcomeRecorder.class);

    private static final Duration OUTAGE_FIRST_RETRY = Duration.ofMillis(100);
    private static final Duration OUTAGE_MAX_RETRY = Duration.ofSeconds(1);

    /**
     * Jobs waiting to be completed, at most this many batches' worth; past it a job is left to the job completer, so
     * that completions that fall behind the outcomes neither slow them nor grow without bound.
     */
    static final int COMPLETIONS_QUEUED_BATCHES = 20;

    /**
     * Jobs are completed in batches of up to this many outcome batches, each written at least
     * {@link #COMPLETION_PAUSE} after the last: nothing waits on a completion, and most of what one costs Postgres is
     * the statement's (its plan alone took as long as completing a hundred jobs), so under load it is written seldom
     * and large rather than after each outcome batch. Nor are they written while deliveries fill the instance (see
     * {@link io.chronohook.platform.DeliveryPressure}): a burst's runs go out first, their jobs are completed after.
     */
    static final int COMPLETION_BATCHES = 4;
    static final Duration COMPLETION_PAUSE = Duration.ofMillis(100);

    private final BatchWriter<Pending> batches;
    /** The jobs of runs that ended as their last occurrence, completed beside the outcome batches, not between them. */
    private final BatchWriter<JobId> completions;
    private final int completionsQueued;
    private final Set<UUID> stalled = ConcurrentHashMap.newKeySet();
    /** Set on close: what is queued is written without yielding any more. */
    private volatile boolean closing;
    private final OutageLog outage = new OutageLog(log, "attempts could not be recorded; they wait for the database");

    /**
     * Starts recording; runs going back to the gate (retries, deferrals) are offered to it, jobs whose receiver
     * answered 410 are handed to {@code pauser}, the jobs of runs that ended as their last occurrence to
     * {@code finisher} (not while {@code yieldCompletions} says deliveries come first), {@code recorded} hears how many
     * attempts each batch held, and {@code listener} each batch once written.
     */
    public OutcomeRecorder(RunStore runs, GateBacklog gate, JobPauser pauser, JobFinisher finisher,
                           BooleanSupplier yieldCompletions, Clock clock, int batch, Duration flush,
                           IntConsumer recorded, Listener listener) {
        this.completions = BatchWriter.paced(batch * COMPLETION_BATCHES,
                flush.compareTo(COMPLETION_PAUSE) > 0 ? flush : COMPLETION_PAUSE,
                () -> !closing && yieldCompletions.getAsBoolean(), jobs -> completeJobs(finisher, jobs));
        this.completionsQueued = batch * COMPLETIONS_QUEUED_BATCHES;
        // One batch written at a time; an attempt waits at most the flush time, or for the batch being written.
        this.batches = new BatchWriter<>(batch, flush, pending -> {
            List<FinishedAttempt> attempts = pending.stream().map(Pending::attempt).toList();
            return write(runs, gate, pauser, clock, attempts)
                    .then(Mono.fromRunnable(() -> handOverEndedJobs(attempts)))
                    .then(Mono.defer(() -> listener.recorded(attempts)))
                    .doFinally(signal -> {
                        pending.forEach(Pending::written);
                        recorded.accept(pending.size());
                    });
        });
    }

    /** An attempt waiting for its batch, and what to do once the batch is written (or given up). */
    private record Pending(FinishedAttempt attempt, Runnable onWritten) {
        void written() {
            try {
                onWritten.run();
            } catch (RuntimeException e) {
                log.warn("a listener of run {} failed after its attempt was recorded", attempt.runId(), e);
            }
        }
    }

    /** Pauses a job on the receiver's word (410 Gone). */
    @FunctionalInterface
    public interface JobPauser {
        Mono<Void> pause(FinishedAttempt gone);
    }

    /**
     * Hears every batch after its runs moved on, and the runs the lease rescuer ended dead (the alerts stage raises
     * alerts for runs that went dead).
     */
    public interface Listener {
        Mono<Void> recorded(List<FinishedAttempt> attempts);

        /** Runs whose last attempt was lost with their instance and whose budget it spent: now dead. */
        Mono<Void> lost(List<RunStore.RescuedRun> dead);

        /** A running attempt ended as timed out (no heartbeat in time, or past its longest duration). */
        Mono<Void> timedOut(TimedOut timedOut);
    }

    /**
     * A long-running attempt that timed out: {@code reason} {@code no_heartbeat} or {@code max_duration};
     * {@code nextAttemptAt} when it is retried, null when the run ended dead.
     */
    public record TimedOut(RunId runId, int attempt, String reason, Instant nextAttemptAt) {
    }

    /**
     * Completes the given jobs, whose last occurrence ended in a batch written, if nothing else of theirs is live. A
     * job left active here (the write failed, the job was locked, too many were waiting) is completed by the job
     * completer's rounds.
     */
    @FunctionalInterface
    public interface JobFinisher {
        Mono<Long> completeIfFinished(List<JobId> jobs);
    }

    /** Queues the jobs of the runs of a batch just written that ended as their last occurrence for completion. */
    private void handOverEndedJobs(List<FinishedAttempt> attempts) {
        for (FinishedAttempt attempt : attempts) {
            if (attempt.endsLastOccurrence() && completions.queued() < completionsQueued) {
                completions.submit(attempt.jobId());
            }
        }
    }

    private static Mono<Void> completeJobs(JobFinisher finisher, List<JobId> ended) {
        return finisher.completeIfFinished(ended)
                .onErrorResume(error -> {
                    log.warn("could not complete the jobs of {} runs that ended; the job completer will", ended.size(),
                            error);
                    return Mono.empty();
                })
                .then();
    }

    private Mono<Void> write(RunStore runs, GateBacklog gate, JobPauser pauser, Clock clock,
                             List<FinishedAttempt> attempts) {
        AtomicBoolean retried = new AtomicBoolean();
        return runs.finish(attempts, clock.instant())
                .collectList()
                // While the database is away the batch waits, however long: the runs' outcomes are known and must not
                // be lost (their leases are kept meanwhile). Any other error is tried a few times, then given up.
                .retryWhen(Retry.backoff(Long.MAX_VALUE, OUTAGE_FIRST_RETRY).maxBackoff(OUTAGE_MAX_RETRY)
                        .filter(DatabaseOutage::is)
                        .doBeforeRetry(signal -> {
                            if (!retried.getAndSet(true)) {
                                stall(attempts);
                            }
                            outage.failed(signal.failure());
                        }))
                .retryWhen(Retry.backoff(5, Duration.ofMillis(200)))
                .doOnNext(written -> {
                    if (retried.get()) {
                        unstall(attempts);
                    }
                    outage.succeeded();
                })
                // A retried batch may have been written before its answer was lost: its runs going back to the gate
                // are offered from the attempts themselves (offering a run twice is harmless).
                .flatMap(requeued -> gate.offer(retried.get() ? requeuedOf(attempts) : requeued))
                .then(Flux.fromIterable(attempts).filter(FinishedAttempt::pausesJob)
                        .concatMap(gone -> pauser.pause(gone).onErrorResume(error -> {
                            log.error("could not pause job {} after 410 Gone", gone.jobId(), error);
                            return Mono.empty();
                        }))
                        .then())
                .onErrorResume(error -> {
                    unstall(attempts);
                    // The runs stay 'delivering'; the lease rescuer returns them to the queue.
                    log.error("could not record {} attempts", attempts.size(), error);
                    return Mono.empty();
                });
    }

    private static List<RunStore.GateEntry> requeuedOf(List<FinishedAttempt> attempts) {
        return attempts.stream()
                .filter(attempt -> attempt.nextState() == RunState.RETRY_WAIT && attempt.nextDueAt() != null)
                .map(attempt -> new RunStore.GateEntry(attempt.runId(), attempt.tenantId(), attempt.nextDueAt()))
                .toList();
    }

    private void stall(List<FinishedAttempt> attempts) {
        attempts.forEach(attempt -> stalled.add(attempt.runId().value()));
    }

    private void unstall(List<FinishedAttempt> attempts) {
        attempts.forEach(attempt -> stalled.remove(attempt.runId().value()));
    }

    /** Runs whose outcomes wait for the database to come back; their leases are kept by the node's heartbeat. */
    public Collection<UUID> stalledRunIds() {
        return List.copyOf(stalled);
    }

    public void submit(FinishedAttempt attempt) {
        submit(attempt, () -> { });
    }

    /** Queues an attempt for the next batch; {@code onWritten} runs once that batch is written or given up. */
    public void submit(FinishedAttempt attempt, Runnable onWritten) {
        batches.submit(new Pending(attempt, onWritten));
    }

    /** Writes what is queued (waiting up to {@code grace}), then stops. */
    public void close(Duration grace) {
        closing = true;
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            while (!(batches.idle() && completions.idle()) && System.nanoTime() - deadline < 0) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!batches.idle()) {
            log.warn("outcomes not all written within {}; their runs' leases will return them to the queue", grace);
        }
        batches.dispose();
        completions.dispose();
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }
}
