package io.chronohook.job;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.plan.PlanStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.operator.TenantPlanChanged;
import io.chronohook.platform.RefreshingCache;
import java.time.Clock;
import java.time.Duration;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A tenant's current plan, read once and kept for a few seconds (refreshed behind the look-ups,
 * {@link RefreshingCache}). A plan change made through this instance applies at once; one made through another
 * instance within {@link #TTL} and a read.
 */
@Component
public class TenantPlans {

    static final Duration TTL = Duration.ofSeconds(10);

    private final TenantStore tenants;
    private final PlanStore plans;
    private final RefreshingCache<TenantId, Plan> cache;

    public TenantPlans(TenantStore tenants, PlanStore plans, Clock clock) {
        this.tenants = tenants;
        this.plans = plans;
        this.cache = new RefreshingCache<>(TTL, clock, this::read);
    }

    @EventListener
    void onPlanChange(TenantPlanChanged changed) {
        if (changed.tenantId() == null) {
            cache.clear();
        } else {
            cache.forget(changed.tenantId());
        }
    }

    public Mono<Plan> of(TenantId tenantId) {
        return cache.get(tenantId);
    }

    /** The tenant's plan read now from the database (and kept for the next lookups). */
    public Mono<Plan> fresh(TenantId tenantId) {
        return read(tenantId).doOnNext(plan -> cache.put(tenantId, plan));
    }

    private Mono<Plan> read(TenantId tenantId) {
        return tenants.find(tenantId).flatMap(tenant -> plans.find(tenant.planCode()));
    }
}
