package io.chronohook.batcher;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.TenantPlans;
import io.chronohook.operator.TenantPlanChanged;
import io.chronohook.schedule.QuotaHoldStore;
import io.chronohook.timegate.GateBacklog;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Releases runs held by the monthly quota when a plan change allows more executions in the period
 * (QUOTA_EXCEEDED → QUEUED, due at once): as many as the new plan has room for, oldest first; all of them when the
 * new plan bills overage instead of capping. Runs held in an earlier period stay held.
 */
@Component
public class HeldRunRelease {

    private static final Logger log = LoggerFactory.getLogger(HeldRunRelease.class);

    private final QuotaHoldStore holds;
    private final TenantPlans plans;
    private final ExecutionQuota quota;
    private final GateBacklog gate;
    private final Clock clock;

    public HeldRunRelease(QuotaHoldStore holds, TenantPlans plans, ExecutionQuota quota, GateBacklog gate, Clock clock) {
        this.holds = holds;
        this.plans = plans;
        this.quota = quota;
        this.gate = gate;
        this.clock = clock;
    }

    @EventListener
    void onPlanChange(TenantPlanChanged changed) {
        release(changed.tenantId()).subscribe(
                released -> {
                    if (released > 0) {
                        log.info("released {} runs held by the monthly quota after a plan change", released);
                    }
                },
                error -> log.warn("held runs not released after a plan change", error));
    }

    /** Releases what the plans now allow, for one tenant or (null) every tenant with held runs; emits how many. */
    public Mono<Long> release(TenantId tenantId) {
        Instant now = clock.instant();
        Instant from = ExecutionQuota.start(ExecutionQuota.period(now));
        return holds.held(tenantId, from)
                .flatMapMany(held -> Flux.fromIterable(held.entrySet()))
                .concatMap(entry -> plans.fresh(entry.getKey())
                        .flatMap(plan -> quota.take(entry.getKey(), plan, entry.getValue()))
                        .filter(room -> room > 0)
                        .flatMap(room -> holds.release(entry.getKey(), from, room, now).collectList())
                        .flatMap(released -> gate.offer(released).thenReturn((long) released.size())))
                .reduce(0L, Long::sum);
    }
}
