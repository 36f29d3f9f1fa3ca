package io.chronohook.operator;

import io.chronohook.billing.tenant.TenantId;

/** Published after a tenant moved to another plan (or a plan's limits changed, with a null tenant: all tenants). */
public record TenantPlanChanged(TenantId tenantId) {
}
