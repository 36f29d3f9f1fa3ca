package io.chronohook.batcher;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.quota.TenantBuckets;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.TenantPlans;
import io.chronohook.operator.TenantPlanChanged;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore.GateEntry;
import io.chronohook.platform.OutageLog;
import io.chronohook.timegate.GateBacklog;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Fills dispatch batches fairly. The gate's take is a weighted round-robin over the tenants with released runs, by
 * their plans' fair-share weights; then each tenant's share is bounded by its dispatch token bucket (its plan's rate
 * and burst, shared by every instance; one bucket call per tenant per batch). Runs over a tenant's rate go back to
 * the gate for when its tokens will have refilled: they wait, they are never dropped. Last, runs that would be new
 * executions beyond a tenant's monthly quota are held ({@link ExecutionQuota}).
 */
@Component
public class FairBatcher {

    private static final Logger log = LoggerFactory.getLogger(FairBatcher.class);
    static final Duration MIN_WAIT = Duration.ofMillis(20);
    static final Duration MAX_WAIT = Duration.ofSeconds(5);

    /** How long runs taken from the gate wait before they are offered again when the take could not finish. */
    public static final Duration PUT_BACK = Duration.ofSeconds(1);

    private final TimeGate gate;
    private final GateBacklog backlog;
    private final OutageLog outage = new OutageLog(log, "runs taken from the time gate could not be batched");
    private final TenantPlans plans;
    private final TenantBuckets buckets;
    private final ExecutionQuota quota;
    private final FairShareMetrics metrics;
    private final LaneWeights lanes;
    private final Clock clock;
    /** The weights this instance last gave the gate. */
    private final Map<TenantId, Integer> written = new ConcurrentHashMap<>();

    public FairBatcher(TimeGate gate, GateBacklog backlog, TenantPlans plans, TenantBuckets buckets,
                       ExecutionQuota quota, FairShareMetrics metrics, LaneWeights lanes, Clock clock) {
        this.lanes = lanes;
        this.gate = gate;
        this.backlog = backlog;
        this.plans = plans;
        this.buckets = buckets;
        this.quota = quota;
        this.metrics = metrics;
        this.clock = clock;
    }

    /**
     * Releases what is due in a shard and takes up to {@code max} runs from it, fairly, within tenants' rates and
     * within their monthly quotas.
     */
    public Mono<List<TimeGate.Released>> take(int shard, int releaseLimit, int max, int quantum) {
        return gate.releaseAndTake(shard, clock.instant(), releaseLimit, max, quantum)
                .flatMap(take -> weigh(take.unweighted()).then(lanes.weigh(take.released()))
                        .then(withinRates(take.released()))
                        .doOnNext(batch -> outage.succeeded())
                        .onErrorResume(error -> putBack(take.released(), error)));
    }

    /**
     * Runs taken out of the gate whose batch could not be made (plans unreadable while Postgres is away) go back
     * into it for a moment later, so none of them waits for the overdue sweep.
     */
    private Mono<List<TimeGate.Released>> putBack(List<TimeGate.Released> taken, Throwable error) {
        outage.failed(error);
        return backlog.offer(later(taken, clock.instant().plus(PUT_BACK))).thenReturn(List.of());
    }

    /** Gate entries for runs to be offered again at {@code at}, each in its lane. */
    public static List<GateEntry> later(List<TimeGate.Released> runs, Instant at) {
        return runs.stream().map(run -> run.offerAt(at)).toList();
    }

    /** Tells the gate the weights of tenants it met without one (a tenant whose plan is gone weighs 1). */
    private Mono<Void> weigh(List<TenantId> unweighted) {
        if (unweighted.isEmpty()) {
            return Mono.empty();
        }
        return Flux.fromIterable(unweighted)
                .concatMap(tenant -> plans.of(tenant).map(Plan::fairShareWeight).defaultIfEmpty(1)
                        .map(weight -> Map.entry(tenant, weight)))
                .collectMap(Map.Entry::getKey, Map.Entry::getValue)
                .flatMap(learned -> gate.weigh(learned).doOnSuccess(done -> written.putAll(learned)));
    }

    /** A plan change: the gate looks the weights up again (each instance also corrects them from its own batches). */
    @EventListener
    void onPlanChange(TenantPlanChanged changed) {
        if (changed.tenantId() == null) {
            written.clear();
        } else {
            written.remove(changed.tenantId());
        }
        gate.forgetWeight(changed.tenantId()).subscribe(null,
                error -> log.warn("fair-share weights not reset after a plan change", error));
    }

    private Mono<List<TimeGate.Released>> withinRates(List<TimeGate.Released> taken) {
        if (taken.isEmpty()) {
            return Mono.just(taken);
        }
        Map<TenantId, List<TimeGate.Released>> byTenant = new LinkedHashMap<>();
        taken.forEach(run -> byTenant.computeIfAbsent(run.tenantId(), t -> new ArrayList<>()).add(run));
        Map<TenantId, Plan> tenantPlans = new ConcurrentHashMap<>();
        return Flux.fromIterable(byTenant.entrySet())
                .concatMap(entry -> plans.of(entry.getKey())
                        .doOnNext(plan -> tenantPlans.put(entry.getKey(), plan))
                        .flatMap(plan -> allowed(entry.getKey(), plan, entry.getValue())))
                .collectList()
                .map(lists -> inTakenOrder(taken, lists))
                .flatMap(allowed -> quota.admit(allowed, tenantPlans))
                .doOnNext(batch -> batch.stream()
                        .collect(Collectors.groupingBy(TimeGate.Released::tenantId, Collectors.counting()))
                        .forEach((tenant, runs) -> metrics.dispatched(tenant, runs.intValue())));
    }

    /**
     * The allowed runs in the order the gate took them (the tenants' turns interleaved), so that one tenant's share
     * of a batch does not all start before the next tenant's.
     */
    private static List<TimeGate.Released> inTakenOrder(List<TimeGate.Released> taken,
                                                        List<List<TimeGate.Released>> allowed) {
        Set<RunId> ids = new HashSet<>();
        allowed.forEach(runs -> runs.forEach(run -> ids.add(run.runId())));
        return ids.size() == taken.size() ? taken : taken.stream().filter(run -> ids.contains(run.runId())).toList();
    }

    private Mono<List<TimeGate.Released>> allowed(TenantId tenantId, Plan plan, List<TimeGate.Released> runs) {
        Integer before = written.put(tenantId, plan.fairShareWeight());
        Mono<Void> weighed = before != null && before == plan.fairShareWeight() ? Mono.empty()
                : gate.weigh(Map.of(tenantId, plan.fairShareWeight()));
        return weighed.then(buckets.takeUpTo("dispatch", tenantId, plan.dispatchRatePerSecond(), plan.dispatchBurst(), runs.size())
                .onErrorResume(error -> {
                    log.warn("dispatch rate of {} not applied: the bucket store did not answer", tenantId, error);
                    return Mono.just((long) runs.size());
                })
                .flatMap(granted -> {
                    int n = (int) Math.min(granted, runs.size());
                    if (n == runs.size()) {
                        return Mono.just(runs);
                    }
                    List<TimeGate.Released> over = runs.subList(n, runs.size());
                    metrics.overRate(tenantId, over.size());
                    Instant now = clock.instant();
                    List<GateEntry> back = new ArrayList<>(over.size());
                    for (int i = 0; i < over.size(); i++) {
                        TimeGate.Released run = over.get(i);
                        back.add(run.offerAt(now.plus(wait(i, plan.dispatchRatePerSecond()))));
                    }
                    return backlog.offer(back).thenReturn(runs.subList(0, n));
                }));
    }

    /**
     * When the {@code index}-th run over the rate goes back to the gate: the runs sent back are spread at the plan's
     * rate (so tokens are never left unused while runs wait), from {@link #MIN_WAIT}, and none later than
     * {@link #MAX_WAIT} (the rest are looked at again then).
     */
    static Duration wait(int index, int ratePerSecond) {
        Duration spread = MIN_WAIT.plusNanos(1_000_000_000L * index / Math.max(1, ratePerSecond));
        return spread.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : spread;
    }
}
