package io.chronohook.batcher;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.quota.TenantBuckets;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.TenantPlans;
import io.chronohook.schedule.RunStore.GateEntry;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Fills dispatch batches fairly. The gate's take is a weighted round-robin over the tenants with released runs, by
 * their plans' fair-share weights; then each tenant's share is bounded by its dispatch token bucket (its plan's rate
 * and burst, shared by every instance; one bucket call per tenant per batch). Runs over a tenant's rate go back to
 * the gate for when its tokens will have refilled: they wait, they are never dropped.
 */
@Component
public class FairBatcher {

    private static final Logger log = LoggerFactory.getLogger(FairBatcher.class);
    static final Duration MIN_WAIT = Duration.ofMillis(100);
    static final Duration MAX_WAIT = Duration.ofSeconds(5);

    private final TimeGate gate;
    private final TenantPlans plans;
    private final TenantBuckets buckets;
    private final Clock clock;
    private final Map<TenantId, Integer> weights = new ConcurrentHashMap<>();

    public FairBatcher(TimeGate gate, TenantPlans plans, TenantBuckets buckets, Clock clock) {
        this.gate = gate;
        this.plans = plans;
        this.buckets = buckets;
        this.clock = clock;
    }

    /** Releases what is due in a shard and takes up to {@code max} runs from it, fairly and within tenants' rates. */
    public Mono<List<TimeGate.Released>> take(int shard, int releaseLimit, int max, int quantum) {
        return gate.releaseAndTake(shard, clock.instant(), releaseLimit, max, quantum, Map.copyOf(weights))
                .flatMap(this::withinRates);
    }

    private Mono<List<TimeGate.Released>> withinRates(List<TimeGate.Released> taken) {
        if (taken.isEmpty()) {
            return Mono.just(taken);
        }
        Map<TenantId, List<TimeGate.Released>> byTenant = new LinkedHashMap<>();
        taken.forEach(run -> byTenant.computeIfAbsent(run.tenantId(), t -> new ArrayList<>()).add(run));
        return Flux.fromIterable(byTenant.entrySet())
                .concatMap(entry -> plans.of(entry.getKey())
                        .flatMap(plan -> allowed(entry.getKey(), plan, entry.getValue())))
                .collectList()
                .map(lists -> lists.stream().flatMap(List::stream).toList());
    }

    private Mono<List<TimeGate.Released>> allowed(TenantId tenantId, Plan plan, List<TimeGate.Released> runs) {
        weights.put(tenantId, plan.fairShareWeight());
        return buckets.takeUpTo("dispatch", tenantId, plan.dispatchRatePerSecond(), plan.dispatchBurst(), runs.size())
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
                    Instant later = clock.instant().plus(wait(over.size(), plan.dispatchRatePerSecond()));
                    List<GateEntry> back = over.stream()
                            .map(run -> new GateEntry(run.runId(), run.tenantId(), later)).toList();
                    return gate.offer(back).thenReturn(runs.subList(0, n));
                });
    }

    /** About when the tokens for {@code runs} more will have refilled, within [{@link #MIN_WAIT}, {@link #MAX_WAIT}]. */
    static Duration wait(int runs, int ratePerSecond) {
        Duration needed = Duration.ofMillis(1000L * runs / Math.max(1, ratePerSecond));
        return needed.compareTo(MIN_WAIT) < 0 ? MIN_WAIT : needed.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : needed;
    }
}
