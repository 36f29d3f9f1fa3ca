package io.chronohook.team;

/** Where an invitation stands; only a pending one can be accepted or revoked. */
public enum InvitationState {
    /** Sent, neither accepted nor revoked, and not yet expired. */
    PENDING,
    /** Its time ran out before anyone accepted it. */
    EXPIRED,
    /** Accepted once; the token works no more. */
    ACCEPTED,
    /** Revoked by an owner or admin, or replaced by a newer invitation to the same email. */
    REVOKED;

    public String wire() {
        return name().toLowerCase();
    }
}
