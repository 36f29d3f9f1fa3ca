package io.chronohook.job;

import io.chronohook.billing.tenant.TenantId;
import java.time.Instant;

/**
 * A stored job: its definition and where it stands. {@code nextRunAt} is when its next run is due, if any;
 * {@code pausedReason} says why Chronohook paused it (e.g. the receiver answered 410 Gone); {@code runningRuns} how many
 * of its runs a long-running receiver works on now.
 */
public record Job(JobId id, TenantId tenantId, JobDefinition definition, JobState state, Instant nextFireAt,
                  Instant nextRunAt, int runsPlanned, int version, Instant createdAt, Instant updatedAt,
                  String pausedReason, int runningRuns) {

    /** A job none of whose runs is running. */
    public Job(JobId id, TenantId tenantId, JobDefinition definition, JobState state, Instant nextFireAt,
               Instant nextRunAt, int runsPlanned, int version, Instant createdAt, Instant updatedAt,
               String pausedReason) {
        this(id, tenantId, definition, state, nextFireAt, nextRunAt, runsPlanned, version, createdAt, updatedAt,
                pausedReason, 0);
    }
}
