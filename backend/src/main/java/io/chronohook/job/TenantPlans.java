package io.chronohook.job;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.plan.PlanStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.operator.TenantPlanChanged;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A tenant's current plan, read once and kept for a few seconds. A plan change made through this instance applies
 * at once; one made through another instance within {@link #TTL}.
 */
@Component
public class TenantPlans {

    static final Duration TTL = Duration.ofSeconds(10);

    private final TenantStore tenants;
    private final PlanStore plans;
    private final Clock clock;
    private final Map<TenantId, Cached> cache = new ConcurrentHashMap<>();

    public TenantPlans(TenantStore tenants, PlanStore plans, Clock clock) {
        this.tenants = tenants;
        this.plans = plans;
        this.clock = clock;
    }

    private record Cached(Instant expiresAt, Plan plan) {
    }

    @EventListener
    void onPlanChange(TenantPlanChanged changed) {
        if (changed.tenantId() == null) {
            cache.clear();
        } else {
            cache.remove(changed.tenantId());
        }
    }

    public Mono<Plan> of(TenantId tenantId) {
        Cached cached = cache.get(tenantId);
        if (cached != null && cached.expiresAt().isAfter(clock.instant())) {
            return Mono.just(cached.plan());
        }
        return fresh(tenantId);
    }

    /** The tenant's plan read now from the database (and kept for the next lookups). */
    public Mono<Plan> fresh(TenantId tenantId) {
        Instant now = clock.instant();
        return tenants.find(tenantId).flatMap(tenant -> plans.find(tenant.planCode()))
                .doOnNext(plan -> cache.put(tenantId, new Cached(now.plus(TTL), plan)));
    }
}
