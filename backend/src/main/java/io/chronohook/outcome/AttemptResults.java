package io.chronohook.outcome;

import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.dispatch.retry.Backoff;
import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunState;
import java.time.Duration;
import java.time.Instant;
import java.util.random.RandomGenerator;

/**
 * Decides what an attempt's outcome means for its run (docs/delivery.md): 2xx succeeds — but 202 Accepted of a
 * long-running job, which starts the run {@code running} (docs/long-running.md); connection errors,
 * timeouts, 408, 425, 429 and 5xx are retried with backoff while the job's attempt budget and retry window last;
 * other answers, redirects, {@code Chronohook-No-Retry: true} and refused targets end the run dead; 410 Gone also
 * pauses the job; an at-most-once job is never retried once the request may have reached the receiver; an open
 * circuit defers the run without spending an attempt.
 */
public final class AttemptResults {

    static final int MAX_ERROR_LENGTH = 500;

    private AttemptResults() {
    }

    public static FinishedAttempt of(ClaimedRun run, DeliveryOutcome outcome, String traceId, Instant now,
                                     RandomGenerator random) {
        return switch (outcome) {
            case DeliveryOutcome.Delivered d when d.status() == 202 && run.longRunning() != null ->
                    finished(run, RunState.RUNNING, null, d.startedAt(), d.firstByteAt(), d.finishedAt(), d.status(),
                            "accepted", null, null, d.responseExcerpt(), traceId, false);
            case DeliveryOutcome.Delivered d -> finished(run, RunState.SUCCEEDED, null, d.startedAt(), d.firstByteAt(),
                    d.finishedAt(), d.status(), "delivered", null, null, d.responseExcerpt(), traceId, false);
            case DeliveryOutcome.Rejected r -> rejected(run, r, traceId, now, random);
            case DeliveryOutcome.Failed f -> {
                boolean retry = !(run.atMostOnce() && f.mayHaveReachedReceiver());
                yield retryOrDead(run, retry, null, now, random, f.startedAt(), null, f.finishedAt(), null, "failed",
                        f.errorClass(), f.message(), null, traceId);
            }
            case DeliveryOutcome.Blocked b -> finished(run, RunState.DEAD, null, b.at(), null, b.at(), null, "blocked",
                    "target_not_allowed", b.reason(), null, traceId, false);
            case DeliveryOutcome.ShortCircuited s -> deferred(run, s.at(), s.at().plusSeconds(30));
        };
    }

    /** An attempt that did not go out because the target's circuit is open: back to the gate at {@code until}. */
    public static FinishedAttempt deferred(ClaimedRun run, Instant at, Instant until) {
        return new FinishedAttempt(run.id(), run.tenantId(), run.jobId(), run.attempt(), RunState.RETRY_WAIT, until,
                false, at, null, at, null, 0, "short_circuited", "circuit_open",
                "the circuit for " + run.host() + " is open", null, null, run.host(), false);
    }

    /**
     * A run over one of its tenant's flow limits (its host's or its key's requests in flight, or rate): nothing went
     * out, the attempt's number is given back, and the run comes back at {@code until}. {@code limit} is the host, or
     * {@code key:<key>}, kept as what the run waits for.
     */
    public static FinishedAttempt waitingForCapacity(ClaimedRun run, Instant at, Instant until, String limit,
                                                     String why) {
        return new FinishedAttempt(run.id(), run.tenantId(), run.jobId(), run.attempt(), RunState.RETRY_WAIT, until,
                false, at, null, at, null, 0, "not_sent", "waiting_for_capacity", why, null, null, limit, false);
    }

    /**
     * An attempt that could not be prepared because the database did not answer (its tenant's secrets are read from
     * it): nothing went out, so the attempt's number is given back and the run looks again at {@code until}, with
     * the reason kept like a circuit's.
     */
    public static FinishedAttempt heldForDatabase(ClaimedRun run, Instant at, Instant until) {
        return new FinishedAttempt(run.id(), run.tenantId(), run.jobId(), run.attempt(), RunState.RETRY_WAIT, until,
                false, at, null, at, null, 0, "not_sent", "database_unavailable",
                "the database did not answer while the attempt was prepared; nothing was sent", null, null,
                run.host(), false);
    }

    /** An attempt that could not even be prepared (e.g. a payload that no longer opens): recorded, never lost. */
    public static FinishedAttempt internalError(ClaimedRun run, Throwable error, Instant at) {
        return finished(run, RunState.DEAD, null, at, null, at, null, "failed", "internal",
                "the attempt could not be prepared: " + error.getClass().getSimpleName(), null, null, false);
    }

    private static FinishedAttempt rejected(ClaimedRun run, DeliveryOutcome.Rejected r, String traceId, Instant now,
                                            RandomGenerator random) {
        String error = r.noRetry()
                ? "the receiver answered HTTP " + r.status() + " with Chronohook-No-Retry"
                : "the receiver answered HTTP " + r.status();
        if (r.status() == 410) {
            return finished(run, RunState.DEAD, null, r.startedAt(), r.firstByteAt(), r.finishedAt(), r.status(),
                    "rejected", "http_410", "the receiver answered 410 Gone: the job is paused", r.responseExcerpt(),
                    traceId, true);
        }
        // A response came back, so the request reached the receiver: an at-most-once job is not sent again.
        boolean retry = r.retryable() && !r.noRetry() && !run.atMostOnce();
        return retryOrDead(run, retry, r.retryAfter(), now, random, r.startedAt(), r.firstByteAt(), r.finishedAt(),
                r.status(), "rejected", "http_" + r.status(), error, r.responseExcerpt(), traceId);
    }

    private static FinishedAttempt retryOrDead(ClaimedRun run, boolean retryable, Duration retryAfter, Instant now,
                                               RandomGenerator random, Instant startedAt, Instant firstByteAt,
                                               Instant finishedAt, Integer status, String outcome, String errorClass,
                                               String error, String excerpt, String traceId) {
        int made = run.attemptsInBudget();
        if (retryable && made < run.maxAttempts()) {
            Instant next = now.plus(Backoff.delay(made, run.initialDelay(), run.maxDelay(), retryAfter, random));
            boolean withinWindow = run.maxRetryWindow() == null
                    || !next.isAfter(run.scheduledFor().plus(run.maxRetryWindow()));
            if (withinWindow) {
                return finished(run, RunState.RETRY_WAIT, next, startedAt, firstByteAt, finishedAt, status, outcome,
                        errorClass, error, excerpt, traceId, false);
            }
        }
        return finished(run, RunState.DEAD, null, startedAt, firstByteAt, finishedAt, status, outcome, errorClass,
                error, excerpt, traceId, false);
    }

    private static FinishedAttempt finished(ClaimedRun run, RunState state, Instant nextDueAt, Instant startedAt,
                                            Instant firstByteAt, Instant finishedAt, Integer status, String outcome,
                                            String errorClass, String error, String excerpt, String traceId,
                                            boolean pausesJob) {
        Integer latency = startedAt == null || finishedAt == null ? null
                : (int) Math.min(Integer.MAX_VALUE, Duration.between(startedAt, finishedAt).toMillis());
        return new FinishedAttempt(run.id(), run.tenantId(), run.jobId(), run.attempt(), state, nextDueAt, true,
                startedAt, firstByteAt, finishedAt, status, latency, outcome, errorClass, truncate(error), excerpt,
                traceId, run.host(), pausesJob, run.lastOccurrence(), null);
    }

    private static String truncate(String text) {
        return text == null || text.length() <= MAX_ERROR_LENGTH ? text : text.substring(0, MAX_ERROR_LENGTH);
    }
}
