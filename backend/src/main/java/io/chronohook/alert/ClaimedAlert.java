package io.chronohook.alert;

import io.chronohook.billing.tenant.TenantId;
import java.net.URI;
import java.time.Duration;

/**
 * An alert a sender took from the outbox, with where its tenant wants alerts now ({@code url} null: alerts were turned
 * off) and the tenant's cooldown. {@code gated}: the cooldown was consulted on an earlier try.
 */
record ClaimedAlert(Alert alert, TenantId tenantId, boolean gated, URI url, Duration cooldown) {

    /** Test alerts and alerts without a job go out without a cooldown. */
    boolean needsGate() {
        return !gated && alert.jobId() != null && alert.kind() != AlertKind.TEST;
    }
}
