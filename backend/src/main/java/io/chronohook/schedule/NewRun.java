package io.chronohook.schedule;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.JobId;
import java.time.Instant;

/** A run about to be written: by the planner for an occurrence, or by a manual trigger. */
public record NewRun(RunId id, TenantId tenantId, JobId jobId, Instant scheduledFor, Instant dueAt, RunState state,
                     String trigger, String skipReason) {
}
