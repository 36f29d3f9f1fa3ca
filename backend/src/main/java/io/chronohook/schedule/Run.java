package io.chronohook.schedule;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import io.swagger.v3.oas.annotations.media.Schema;
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
     * The last time the run was held back without spending an attempt, when, until when, and how many times in all;
     * null if it never was. {@code reason}: {@code circuit_open} (the circuit for {@code host} was open),
     * {@code database_unavailable}, or {@code waiting_for_capacity} (a flow limit of {@code host}, or of flow key
     * {@code key}, was full).
     */
    @Schema(description = "The last time a run was held back without spending an attempt, why, until when, and how "
            + "many times in all.")
    public record Deferral(
            @Schema(description = "Why: `circuit_open` (the circuit for `host` was open), `waiting_for_capacity` (a "
                    + "flow limit of `host`, or of flow key `key`, was full) or `database_unavailable`.",
                    example = "circuit_open",
                    allowableValues = {"circuit_open", "waiting_for_capacity", "database_unavailable"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String reason,
            @Schema(description = "The run's host: whose circuit was open or whose limit was full; null when a flow "
                    + "key's limit was full.", example = "api.example.com")
            String host,
            @Schema(description = "The flow key whose limit was full; null otherwise.", example = "billing-finance")
            String key,
            @Schema(description = "When the run was last held back.", example = "2026-03-02T08:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant at,
            @Schema(description = "When it goes back to the scheduler (for an open circuit, its half-open time plus up "
                    + "to 1 s of jitter).", example = "2026-03-02T08:00:30Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant until,
            @Schema(description = "How many times in all the run was held back.", example = "1",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int count) {

        /** What a held-back attempt keeps as its host: the host, or {@code key:<key>} for a flow key's limit. */
        private static final String KEY_PREFIX = "key:";

        static Deferral of(String reason, String host, Instant at, Instant until, Integer count) {
            if (reason == null || count == null || count == 0) {
                return null;
            }
            boolean key = host != null && host.startsWith(KEY_PREFIX);
            return new Deferral(reason, key ? null : host, key ? host.substring(KEY_PREFIX.length()) : null, at,
                    until, count);
        }
    }
}
