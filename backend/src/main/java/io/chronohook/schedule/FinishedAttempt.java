package io.chronohook.schedule;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import java.time.Instant;

/**
 * The result of one attempt, as the outcome recorder writes it: the attempt row, and the state the run moves to
 * ({@code nextDueAt} set when it goes back to the gate). {@code counted} is false for an attempt that never went
 * out (its circuit was open): no attempt row, and the attempt is given back. {@code pausesJob}: the receiver
 * answered 410 Gone. {@code lastOccurrence}: the run was its job's last occurrence when claimed, so that its ending may
 * complete the job.
 */
public record FinishedAttempt(RunId runId, TenantId tenantId, JobId jobId, int attempt, RunState nextState,
                              Instant nextDueAt, boolean counted, Instant startedAt, Instant firstByteAt,
                              Instant finishedAt, Integer statusCode, Integer latencyMs, String outcome,
                              String errorClass, String error, String responseExcerpt, String traceId,
                              String targetHost, boolean pausesJob, boolean lastOccurrence, Exchange exchange) {

    public FinishedAttempt(RunId runId, TenantId tenantId, JobId jobId, int attempt, RunState nextState,
                           Instant nextDueAt, boolean counted, Instant startedAt, Instant firstByteAt,
                           Instant finishedAt, Integer statusCode, Integer latencyMs, String outcome,
                           String errorClass, String error, String responseExcerpt, String traceId,
                           String targetHost, boolean pausesJob) {
        this(runId, tenantId, jobId, attempt, nextState, nextDueAt, counted, startedAt, firstByteAt, finishedAt,
                statusCode, latencyMs, outcome, errorClass, error, responseExcerpt, traceId, targetHost, pausesJob,
                false, null);
    }

    /**
     * What went over the wire, kept with the attempt: the request line and headers as sent and the response's headers
     * ({@code name: value} lines, credential-like values masked), the job's payload version that was sent, and the
     * bytes sent (request line, headers and body; null when nothing went out), counted as the tenant's egress.
     */
    public record Exchange(String requestHead, String responseHeaders, Integer payloadVersion, Integer requestBytes) {
    }

    /** This attempt with what went over the wire. */
    public FinishedAttempt with(Exchange sent) {
        return new FinishedAttempt(runId, tenantId, jobId, attempt, nextState, nextDueAt, counted, startedAt,
                firstByteAt, finishedAt, statusCode, latencyMs, outcome, errorClass, error, responseExcerpt, traceId,
                targetHost, pausesJob, lastOccurrence, sent);
    }

    /** Whether the run ended here (succeeded or dead) as its job's last occurrence, which may complete the job. */
    public boolean endsLastOccurrence() {
        return lastOccurrence && nextState.finished();
    }
}
