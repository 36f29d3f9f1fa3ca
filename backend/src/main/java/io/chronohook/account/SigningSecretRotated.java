package io.chronohook.account;

import io.chronohook.billing.tenant.TenantId;

/** Published after a tenant's signing secret was rotated, so caches of opened secrets drop theirs at once. */
public record SigningSecretRotated(TenantId tenantId) {
}
