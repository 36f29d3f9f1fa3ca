package io.chronohook.schedule;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/**
 * The one list of run states and the transitions allowed between them (docs/state-machine.md). Every state write
 * is a compare-and-set on the run row ({@code WHERE state = :expected}); zero rows means another writer won.
 */
public enum RunState {
    /** Created for an occurrence and offered to the time gate; waits for its due time. */
    SCHEDULED("scheduled"),
    /** Due (released by the gate, retried, replayed or rescued) and waiting for a dispatcher. */
    QUEUED("queued"),
    /** Claimed by a dispatcher under a lease; an HTTP attempt is in flight. */
    DELIVERING("delivering"),
    /** The receiver answered 202 in async mode; it reports progress and completion under a lease. */
    RUNNING("running"),
    /** Failed with attempts left; waits for its next attempt time in the gate. */
    RETRY_WAIT("retry_wait"),
    /** Delivered: the receiver answered 2xx (or completed an async run). Final. */
    SUCCEEDED("succeeded"),
    /** Failed for good (not retryable, or attempts exhausted): in the dead-letter queue, replayable. */
    DEAD("dead"),
    /** Cancelled by the tenant, or by pausing or deleting its job, before delivery started. Final. */
    CANCELLED("cancelled"),
    /** Held because the tenant's monthly executions are spent; released when the plan is upgraded. */
    QUOTA_EXCEEDED("quota_exceeded"),
    /** Not fired, with a reason (overlap, missed during downtime). Final. */
    SKIPPED("skipped");

    private final String wire;

    RunState(String wire) {
        this.wire = wire;
    }

    /** The name used in the API and in the database. */
    public String wire() {
        return wire;
    }

    public static RunState fromWire(String text) {
        return Arrays.stream(values()).filter(state -> state.wire.equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown run state " + text));
    }

    /** The states this one may move to. */
    public Set<RunState> next() {
        return switch (this) {
            case SCHEDULED -> EnumSet.of(QUEUED, CANCELLED, SKIPPED, QUOTA_EXCEEDED);
            case QUEUED -> EnumSet.of(DELIVERING, CANCELLED);
            case DELIVERING -> EnumSet.of(SUCCEEDED, RETRY_WAIT, RUNNING, DEAD, QUEUED);
            case RUNNING -> EnumSet.of(SUCCEEDED, DEAD, RETRY_WAIT, QUEUED, CANCELLED);
            case RETRY_WAIT -> EnumSet.of(QUEUED, CANCELLED);
            case DEAD -> EnumSet.of(QUEUED);
            case QUOTA_EXCEEDED -> EnumSet.of(QUEUED, CANCELLED);
            case SUCCEEDED, CANCELLED, SKIPPED -> EnumSet.noneOf(RunState.class);
        };
    }

    public boolean canMoveTo(RunState target) {
        return next().contains(target);
    }

    /** True once nothing more will happen to the run without a replay. */
    public boolean finished() {
        return this == SUCCEEDED || this == DEAD || this == CANCELLED || this == SKIPPED;
    }

    /**
     * The states a dispatcher may claim from. The gate's release (SCHEDULED → QUEUED) and the claim
     * (QUEUED → DELIVERING) are written as one compare-and-set, so a released run costs one row write.
     */
    public static Set<RunState> claimable() {
        return EnumSet.of(SCHEDULED, QUEUED, RETRY_WAIT);
    }
}
