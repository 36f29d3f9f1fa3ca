package io.chronohook.batcher;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.quota.ExecutionLedger;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.schedule.QuotaHoldStore;
import io.chronohook.schedule.RunId;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The monthly execution quota, applied as runs leave the batcher. A plan that prices overage bills executions beyond
 * the included ones and never holds a run; a plan without (free, and any plan whose overage price is zero) is a hard
 * cap: a run that would be a new execution past it moves SCHEDULED → QUOTA_EXCEEDED instead of going out (retries
 * of runs already executed are never held). Executions are counted in Redis, one call per capped tenant per batch,
 * seeded from the durable run rows.
 */
@Component
public class ExecutionQuota {

    private static final Logger log = LoggerFactory.getLogger(ExecutionQuota.class);

    private final QuotaHoldStore holds;
    private final ExecutionLedger ledger;
    private final FairShareMetrics metrics;
    private final Clock clock;

    public ExecutionQuota(QuotaHoldStore holds, ExecutionLedger ledger, FairShareMetrics metrics, Clock clock) {
        this.holds = holds;
        this.ledger = ledger;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** True when the plan stops at its included executions instead of billing overage. */
    public static boolean capped(Plan plan) {
        return plan.overageCentsPer1000() == 0 && plan.executionsPerMonth() < Long.MAX_VALUE;
    }

    /** The calendar month (UTC) that {@code at} falls in: the billing period. */
    public static YearMonth period(Instant at) {
        return YearMonth.from(at.atZone(ZoneOffset.UTC));
    }

    public static Instant start(YearMonth period) {
        return period.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** Takes up to {@code wanted} executions of the tenant's quota for this period; emits how many it got. */
    public Mono<Long> take(TenantId tenant, Plan plan, long wanted) {
        if (!capped(plan)) {
            return Mono.just(wanted);
        }
        YearMonth period = period(clock.instant());
        return ledger.take(tenant, period, wanted, plan.executionsPerMonth(),
                holds.executionsUsed(tenant, start(period)));
    }

    /**
     * Holds the runs of {@code batch} that would be new executions past their tenants' quotas; returns the others in
     * their order. If the counter store cannot answer, nothing is held (the quota protects billing; it must not stop
     * delivery).
     */
    public Mono<List<TimeGate.Released>> admit(List<TimeGate.Released> batch, Map<TenantId, Plan> plans) {
        List<RunId> candidates = batch.stream().filter(run -> {
            Plan plan = plans.get(run.tenantId());
            return plan != null && capped(plan);
        }).map(TimeGate.Released::runId).toList();
        if (candidates.isEmpty()) {
            return Mono.just(batch);
        }
        return holds.firstTime(candidates).collect(Collectors.toSet())
                .flatMap(fresh -> over(batch, fresh, plans))
                .flatMap(over -> over.isEmpty() ? Mono.just(batch)
                        : holds.hold(over, clock.instant()).thenReturn(without(batch, new HashSet<>(over))))
                .onErrorResume(error -> {
                    log.warn("monthly quotas not applied to a batch: the counters did not answer", error);
                    return Mono.just(batch);
                });
    }

    private Mono<List<RunId>> over(List<TimeGate.Released> batch, Set<RunId> fresh, Map<TenantId, Plan> plans) {
        Map<TenantId, List<RunId>> byTenant = new LinkedHashMap<>();
        batch.stream().filter(run -> fresh.contains(run.runId()))
                .forEach(run -> byTenant.computeIfAbsent(run.tenantId(), t -> new ArrayList<>()).add(run.runId()));
        return Flux.fromIterable(byTenant.entrySet())
                .concatMap(entry -> take(entry.getKey(), plans.get(entry.getKey()), entry.getValue().size())
                        .map(granted -> entry.getValue().subList((int) Math.min(granted, entry.getValue().size()),
                                entry.getValue().size()))
                        .doOnNext(over -> metrics.held(entry.getKey(), over.size())))
                .flatMapIterable(runs -> runs)
                .collectList();
    }

    private static List<TimeGate.Released> without(List<TimeGate.Released> batch, Set<RunId> held) {
        return batch.stream().filter(run -> !held.contains(run.runId())).toList();
    }
}
