package io.chronohook.operator;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/operator/stats}: the last minute's fire lag, deliveries and attempts, the queues' depths and the
 * tenants with the most released runs waiting — the operator page's live figures (operator credential only).
 */
@RestController
public class StatsController {

    static final Duration WINDOW = Duration.ofMinutes(1);
    static final int BUSIEST_TENANTS = 10;
    /** Every attempt outcome, so that the answer always has the same keys. */
    static final List<String> OUTCOMES = List.of("delivered", "rejected", "failed", "blocked", "short_circuited",
            "lost");

    private final StatsStore store;
    private final TimeGate gate;
    private final Clock clock;

    public StatsController(StatsStore store, TimeGate gate, Clock clock) {
        this.store = store;
        this.gate = gate;
        this.clock = clock;
    }

    /** Percentiles of {@code first_attempt_at - scheduled_for} over the window's first attempts; null without any. */
    public record FireLag(long samples, Long p50Ms, Long p90Ms, Long p99Ms, Long maxMs) {
    }

    /**
     * Runs not yet due in the gate, released runs waiting for dispatch (both from Redis), runs waiting for a retry and
     * dead runs (from Postgres, counted up to 100,000).
     */
    public record Queues(long gate, long ready, long retryWait, long deadRuns) {
    }

    /** A tenant and its released runs waiting for dispatch. */
    public record TenantReady(String tenantId, long ready) {
    }

    /** The installation's figures at {@code at} over the {@code window} before it. */
    public record Stats(Instant at, String window, FireLag fireLag, double deliveriesPerSecond,
                        double attemptsPerSecond, Map<String, Long> outcomes, Queues queues,
                        List<TenantReady> busiestTenants) {
    }

    @GetMapping("/api/v1/operator/stats")
    public Mono<Stats> stats() {
        Instant at = clock.instant();
        Instant since = at.minus(WINDOW);
        return Mono.zip(store.recentRuns(since, at), store.recentAttempts(since, at), store.retryWaiting(),
                store.dead(), gate.depth(), gate.readyDepths()).map(t -> {
                    StatsStore.RecentRuns runs = t.getT1();
                    Map<String, Long> outcomes = new LinkedHashMap<>();
                    OUTCOMES.forEach(outcome -> outcomes.put(outcome, 0L));
                    outcomes.putAll(t.getT2());
                    long attempts = outcomes.values().stream().mapToLong(Long::longValue).sum();
                    Map<TenantId, Long> ready = t.getT6();
                    List<TenantReady> busiest = ready.entrySet().stream()
                            .sorted(Map.Entry.<TenantId, Long>comparingByValue().reversed()
                                    .thenComparing(entry -> entry.getKey().toString()))
                            .limit(BUSIEST_TENANTS)
                            .map(entry -> new TenantReady(entry.getKey().toString(), entry.getValue()))
                            .toList();
                    return new Stats(at, WINDOW.toString(),
                            new FireLag(runs.samples(), ms(runs.p50Ms()), ms(runs.p90Ms()), ms(runs.p99Ms()),
                                    ms(runs.maxMs())),
                            perSecond(runs.succeeded()), perSecond(attempts), outcomes,
                            new Queues(t.getT5(), ready.values().stream().mapToLong(Long::longValue).sum(),
                                    t.getT3(), t.getT4()),
                            busiest);
                });
    }

    private static Long ms(Double value) {
        return value == null ? null : Math.round(value);
    }

    /** Per second over the window, to three decimals. */
    private static double perSecond(long count) {
        return Math.round(count * 1000.0 / WINDOW.toSeconds()) / 1000.0;
    }
}
