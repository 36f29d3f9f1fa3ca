package io.chronohook.access;

import io.chronohook.billing.tenant.TenantId;
import java.time.Instant;
import java.util.Set;

/** An API key as listed: never the key, only its visible prefix. */
public record ApiKey(ApiKeyId id, TenantId tenantId, String name, String prefix, Set<Scope> scopes, Instant createdAt,
                     Instant lastUsedAt) {
}
