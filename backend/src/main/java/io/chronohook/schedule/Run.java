package io.chronohook.schedule;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import java.time.Instant;

/** A run as stored: one occurrence of a job and where its delivery stands. */
public record Run(RunId id, TenantId tenantId, JobId jobId, Instant scheduledFor, Instant dueAt, RunState state,
                  int attempt, String trigger, Instant releasedAt, Instant claimedAt, Instant firstAttemptAt,
                  Instant finishedAt, Integer lastStatusCode, String lastError, String traceId, Double progress,
                  String checkpoint, String skipReason, Deferral deferral, Running running) {

    /**
     * Long-running work on the run (its receiver answered 202): since when the attempt runs, the last heartbeat and its
     * message, the deadline the next heartbeat has (while running), the attempt's longest duration's end, and the
     * result it completed with; null for a run that never ran long.
     */
    public record Running(Instant since, Instant lastHeartbeatAt, String message, Instant heartbeatDeadline,
                          Instant deadline, String result) {

        static Running of(Instant since, Instant lastHeartbeatAt, String message, Instant heartbeatDeadline,
                          Instant deadline, String result) {
            return since == null && lastHeartbeatAt == null && result == null ? null
                    : new Running(since, lastHeartbeatAt, message, heartbeatDeadline, deadline, result);
        }
    }

    /**
     * The last time the run was held back without spending an attempt ({@code reason} {@code circuit_open}: the
     * circuit for {@code host} was open), when, until when, and how many times in all; null if it never was.
     */
    public record Deferral(String reason, String host, Instant at, Instant until, int count) {

        static Deferral of(String reason, String host, Instant at, Instant until, Integer count) {
            return reason == null || count == null || count == 0 ? null : new Deferral(reason, host, at, until, count);
        }
    }
}
