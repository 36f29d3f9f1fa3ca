package io.chronohook.access;

import io.chronohook.billing.tenant.TenantId;

/** A person who signs in to a tenant's dashboard; the password is held only as a bcrypt hash. */
public record Member(MemberId id, TenantId tenantId, String email, String passwordHash, MemberRole role) {
}
