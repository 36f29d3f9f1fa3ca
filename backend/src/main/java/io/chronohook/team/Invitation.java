package io.chronohook.team;

import io.chronohook.access.MemberRole;
import io.chronohook.billing.tenant.TenantId;
import java.time.Instant;

/** An invitation to join a tenant with a role, as stored (the token only as its hash, which is not held here). */
public record Invitation(InvitationId id, TenantId tenantId, String email, MemberRole role, String invitedBy,
                         Instant createdAt, Instant expiresAt, Instant acceptedAt, Instant revokedAt) {

    public InvitationState state(Instant now) {
        if (acceptedAt != null) {
            return InvitationState.ACCEPTED;
        }
        if (revokedAt != null) {
            return InvitationState.REVOKED;
        }
        return now.isBefore(expiresAt) ? InvitationState.PENDING : InvitationState.EXPIRED;
    }
}
