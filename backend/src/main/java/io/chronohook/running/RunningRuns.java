package io.chronohook.running;

import io.chronohook.access.Caller;
import io.chronohook.access.Scope;
import io.chronohook.dispatch.retry.Backoff;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.platform.ApiException;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.GateBacklog;
import java.security.MessageDigest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The receiver's side of long-running work: who may report on a run (the attempt's run token, or an API key of the
 * run's tenant), heartbeats, completion and failure, each a compare-and-set on the run's state and attempt, and the
 * end of attempts that fell silent. A run that ends retrying goes back to the gate; one that ends dead is told to the
 * outcome listener (the alerts stage), like any other dead run.
 */
@Service
public class RunningRuns {

    private final RunningStore store;
    private final GateBacklog gate;
    private final OutcomeRecorder.Listener listener;
    private final RunningMetrics metrics;
    private final RandomGenerator random;
    private final Clock clock;

    public RunningRuns(RunningStore store, GateBacklog gate, OutcomeRecorder.Listener listener, RunningMetrics metrics,
                       Clock clock) {
        this.store = store;
        this.gate = gate;
        this.listener = listener;
        this.metrics = metrics;
        this.random = RandomGenerator.getDefault();
        this.clock = clock;
    }

    /** What the caller reported on: the run, and the attempt the report is for. */
    record Reported(RunningStore.RunningRun run, int attempt) {
    }

    /**
     * The run and attempt a report is for. With a run token: the attempt it was issued for, if that is the attempt in
     * flight (401 for a wrong token, 409 for a superseded attempt's or a finished run's, 410 for a cancelled run's).
     * With an API key: the attempt in flight of a run of the caller's tenant.
     */
    Mono<Reported> authorize(RunId id, String token, Caller caller) {
        if (token != null) {
            OptionalInt attempt = RunToken.attemptOf(token);
            if (attempt.isEmpty()) {
                return Mono.error(invalidToken());
            }
            String hash = RunToken.hash(token);
            return store.find(id)
                    .switchIfEmpty(Mono.error(RunningRuns::invalidToken))
                    .flatMap(run -> {
                        if (run.attempt() == attempt.getAsInt() && same(hash, run.tokenHash())) {
                            return Mono.just(new Reported(run, run.attempt()));
                        }
                        return store.attemptTokenHash(id, attempt.getAsInt())
                                .filter(issued -> same(hash, issued) && attempt.getAsInt() <= run.attempt())
                                .switchIfEmpty(Mono.error(RunningRuns::invalidToken))
                                .flatMap(issued -> Mono.error(attempt.getAsInt() < run.attempt()
                                        ? superseded(run, attempt.getAsInt()) : notRunning(run)));
                    });
        }
        if (caller == null || caller.tenantId() == null) {
            return Mono.error(new ApiException(HttpStatus.UNAUTHORIZED, "unauthenticated",
                    "send the run token of the callback (Chronohook-Run-Token) or an API key"));
        }
        if (!caller.scopes().contains(Scope.JOBS_WRITE)) {
            return Mono.error(new ApiException(HttpStatus.FORBIDDEN, "insufficient_scope",
                    "reporting on a run needs the jobs:write scope"));
        }
        return store.find(id)
                .filter(run -> run.tenantId().equals(caller.tenantId()))
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("run " + id)))
                .flatMap(run -> run.state() == RunState.RUNNING || run.state() == RunState.DELIVERING
                        ? Mono.just(new Reported(run, run.attempt())) : Mono.error(notRunning(run)));
    }

    /** What a heartbeat carries, validated: a fraction done (0..1) and/or a message, and a checkpoint (JSON). */
    record Heartbeat(Double fraction, String message, String checkpoint) {
    }

    Mono<RunningStore.Beat> heartbeat(Reported reported, Heartbeat beat) {
        RunningStore.RunningRun run = reported.run();
        Instant now = clock.instant();
        return store.heartbeat(run.id(), run.tenantId(), reported.attempt(), beat.fraction(), beat.message(),
                        beat.checkpoint(), now)
                .switchIfEmpty(Mono.defer(() -> lostRace(run)))
                .doOnNext(recorded -> metrics.heartbeat(recorded.previous() == null ? null
                        : java.time.Duration.between(recorded.previous(), now)));
    }

    /** Completes the attempt in flight: the run succeeded, with the receiver's result. */
    Mono<RunningStore.Ended> complete(Reported reported, String result) {
        Instant now = clock.instant();
        return store.end(reported.run(), RunState.SUCCEEDED, null, null, result, "completed", now)
                .switchIfEmpty(Mono.defer(() -> lostRace(reported.run())))
                .doOnNext(ended -> metrics.ended("completed"));
    }

    /** Fails the attempt in flight: retried per the job's policy when {@code retryable}, else dead. */
    Mono<RunningStore.Ended> fail(Reported reported, String error, boolean retryable) {
        Instant now = clock.instant();
        return endFailed(reported.run(), retryable, "the receiver reported failure: " + error, "failed", now)
                .switchIfEmpty(Mono.defer(() -> lostRace(reported.run())))
                .doOnNext(ended -> metrics.ended("failed"));
    }

    /** One round of the timeout loop: ends the running attempts whose deadline passed; returns how many. */
    public Mono<Integer> timeOutOnce() {
        Instant now = clock.instant();
        return store.overdue(now, BATCH)
                .concatMap(overdue -> store.find(overdue.id())
                        .filter(run -> run.state() == RunState.RUNNING && run.attempt() == overdue.attempt())
                        .flatMap(run -> endFailed(run, true, overdue.ranTooLong()
                                        ? "the attempt ran past its job's longest duration (longRunning.maxDuration)"
                                        : "no heartbeat within the job's heartbeat timeout", "timed_out", now)
                                .doOnNext(ended -> metrics.timedOut(overdue.ranTooLong()))
                                .flatMap(ended -> listener.timedOut(new OutcomeRecorder.TimedOut(run.id(),
                                                run.attempt(), overdue.ranTooLong() ? "max_duration" : "no_heartbeat",
                                                ended.state() == RunState.RETRY_WAIT ? ended.entry().dueAt() : null))
                                        .thenReturn(ended))))
                .collectList()
                .map(List::size)
                .flatMap(ended -> store.countRunning().doOnNext(metrics::sampledRunning).thenReturn(ended));
    }

    private static final int BATCH = 500;

    private Mono<RunningStore.Ended> endFailed(RunningStore.RunningRun run, boolean retryable, String error,
                                               String attemptEnd, Instant now) {
        int made = run.attempt() - run.attemptBase();
        Instant next = null;
        // The request reached the receiver: an at-most-once job is not sent again.
        if (retryable && !run.atMostOnce() && made < run.maxAttempts()) {
            Instant candidate = now.plus(Backoff.delay(made, run.initialDelay(), run.maxDelay(), null, random));
            if (run.maxRetryWindow() == null || !candidate.isAfter(run.scheduledFor().plus(run.maxRetryWindow()))) {
                next = candidate;
            }
        }
        RunState state = next == null ? RunState.DEAD : RunState.RETRY_WAIT;
        return store.end(run, state, next, truncate(error), null, attemptEnd, now)
                .flatMap(ended -> (state == RunState.RETRY_WAIT ? gate.offer(List.of(ended.entry()))
                        : listener.lost(List.of(new RunStore.RescuedRun(ended.entry(), RunState.DEAD,
                                run.attempt()))))
                        .thenReturn(ended));
    }

    /** The run moved on between reading and writing it: tell the caller what it is now. */
    private <T> Mono<T> lostRace(RunningStore.RunningRun run) {
        return store.find(run.id()).flatMap(now -> Mono.error(now.attempt() != run.attempt()
                ? superseded(now, run.attempt()) : notRunning(now)));
    }

    private static ApiException invalidToken() {
        return new ApiException(HttpStatus.UNAUTHORIZED, "invalid_run_token",
                "the run token is not valid for this run");
    }

    private static ApiException superseded(RunningStore.RunningRun run, int attempt) {
        return new ApiException(HttpStatus.CONFLICT, "attempt_superseded", "attempt " + attempt + " of run "
                + run.id() + " was superseded by attempt " + run.attempt() + "; stop working on it");
    }

    private static ApiException notRunning(RunningStore.RunningRun run) {
        if (run.state() == RunState.CANCELLED) {
            return new ApiException(HttpStatus.GONE, "run_cancelled", "run " + run.id()
                    + " was cancelled; stop working on it");
        }
        return new ApiException(HttpStatus.CONFLICT, "run_not_running", "run " + run.id() + " is "
                + run.state().wire() + ", not running");
    }

    private static boolean same(String hash, String stored) {
        return stored != null && MessageDigest.isEqual(hash.getBytes(StandardCharsets.US_ASCII),
                stored.getBytes(StandardCharsets.US_ASCII));
    }

    static String truncate(String text) {
        return text == null || text.length() <= 500 ? text : text.substring(0, 500);
    }
}
