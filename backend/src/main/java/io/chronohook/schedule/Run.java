package io.chronohook.schedule;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import java.time.Instant;

/** A run as stored: one occurrence of a job and where its delivery stands. */
public record Run(RunId id, TenantId tenantId, JobId jobId, Instant scheduledFor, Instant dueAt, RunState state,
                  int attempt, String trigger, Instant releasedAt, Instant claimedAt, Instant firstAttemptAt,
                  Instant finishedAt, Integer lastStatusCode, String lastError, String traceId, Double progress,
                  String checkpoint, String skipReason) {
}
