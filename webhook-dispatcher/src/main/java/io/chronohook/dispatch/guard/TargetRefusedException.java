package io.chronohook.dispatch.guard;

import java.util.Objects;

/** Fails a connection whose host resolved to a denied address; the sender turns it into a {@code Blocked} outcome. */
public final class TargetRefusedException extends RuntimeException {

    private final GuardDecision.Refused refusal;

    public TargetRefusedException(GuardDecision.Refused refusal) {
        super(refusal.reason(), null, false, false);
        this.refusal = Objects.requireNonNull(refusal, "refusal");
    }

    public GuardDecision.Refused refusal() {
        return refusal;
    }
}
