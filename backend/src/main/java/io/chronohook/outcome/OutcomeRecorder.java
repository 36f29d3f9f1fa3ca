package io.chronohook.outcome;

import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import io.chronohook.timegate.TimeGate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;
import reactor.core.publisher.Sinks;

/**
 * Collects finished attempts from every in-flight delivery and writes them in batches (one statement for the
 * attempt rows, one compare-and-set for the runs), so that recording costs a fraction of a commit per run.
 */
public final class OutcomeRecorder implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OutcomeRecorder.class);

    private final Sinks.Many<Pending> sink = Sinks.many().unicast().onBackpressureBuffer();
    private final Disposable subscription;

    /**
     * Starts recording; runs going back to the gate (retries, deferrals) are offered to it, jobs whose receiver
     * answered 410 are handed to {@code pauser}, {@code recorded} hears how many attempts each batch held, and
     * {@code listener} each batch once written.
     */
    public OutcomeRecorder(RunStore runs, TimeGate gate, JobPauser pauser, Clock clock, int batch, Duration flush,
                           IntConsumer recorded, Listener listener) {
        this.subscription = sink.asFlux()
                // Fair backpressure: a batch is emitted only on demand, never dropped while the last one is written.
                .bufferTimeout(batch, flush, true)
                .concatMap(pending -> {
                    List<FinishedAttempt> attempts = pending.stream().map(Pending::attempt).toList();
                    return write(runs, gate, pauser, clock, attempts)
                            .then(Mono.defer(() -> listener.recorded(attempts)))
                            .doFinally(signal -> {
                                pending.forEach(Pending::written);
                                recorded.accept(pending.size());
                            });
                }, 1)
                .subscribe();
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
    }

    private static Mono<Void> write(RunStore runs, TimeGate gate, JobPauser pauser, Clock clock,
                                    List<FinishedAttempt> attempts) {
        return runs.finish(attempts, clock.instant())
                .collectList()
                .retryWhen(Retry.backoff(5, Duration.ofMillis(200)))
                .flatMap(requeued -> gate.offer(requeued).onErrorResume(error -> {
                    // Safe in Postgres as retry_wait; the gate sweeper offers them again.
                    log.warn("could not offer {} runs back to the gate", requeued.size(), error);
                    return Mono.empty();
                }))
                .then(Flux.fromIterable(attempts).filter(FinishedAttempt::pausesJob)
                        .concatMap(gone -> pauser.pause(gone).onErrorResume(error -> {
                            log.error("could not pause job {} after 410 Gone", gone.jobId(), error);
                            return Mono.empty();
                        }))
                        .then())
                .onErrorResume(error -> {
                    // The runs stay 'delivering'; the lease rescuer returns them to the queue.
                    log.error("could not record {} attempts", attempts.size(), error);
                    return Mono.empty();
                });
    }

    public void submit(FinishedAttempt attempt) {
        submit(attempt, () -> { });
    }

    /** Queues an attempt for the next batch; {@code onWritten} runs once that batch is written or given up. */
    public void submit(FinishedAttempt attempt, Runnable onWritten) {
        sink.emitNext(new Pending(attempt, onWritten), Sinks.EmitFailureHandler.busyLooping(Duration.ofSeconds(2)));
    }

    @Override
    public void close() {
        sink.tryEmitComplete();
        subscription.dispose();
    }
}
