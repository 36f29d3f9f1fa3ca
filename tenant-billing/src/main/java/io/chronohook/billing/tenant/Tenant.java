package io.chronohook.billing.tenant;

import java.time.Instant;

/** A tenant as stored: its name and the code of its current plan. */
public record Tenant(TenantId id, String name, String planCode, Instant createdAt, Instant updatedAt) {
}
