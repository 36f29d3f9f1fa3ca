package io.chronohook.operator;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.ApiTags;
import io.chronohook.timegate.TimeGate;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@Tag(name = ApiTags.OPERATOR)
public class StatsController {

    static final Duration WINDOW = Duration.ofMinutes(1);
    static final int BUSIEST_TENANTS = 10;
    /** Every attempt outcome, so that the answer always has the same keys. */
    /** The outcomes an attempt is stored with (a run an open circuit holds back makes no attempt). */
    static final List<String> OUTCOMES = List.of("delivered", "accepted", "rejected", "failed", "blocked", "lost");

    private final StatsStore store;
    private final TimeGate gate;
    private final Clock clock;

    public StatsController(StatsStore store, TimeGate gate, Clock clock) {
        this.store = store;
        this.gate = gate;
        this.clock = clock;
    }

    /** Percentiles of {@code first_attempt_at - scheduled_for} over the window's first attempts; null without any. */
    @Schema(description = "The fire lag (`firstAttemptAt − scheduledFor`, a job's `spread` included) of the runs "
            + "whose first attempt started in the window, in whole milliseconds; the figures are null without samples.")
    public record FireLag(
            @Schema(description = "How many runs it is measured over; 0 when none started in the window.",
                    example = "5880", requiredMode = Schema.RequiredMode.REQUIRED)
            long samples,
            @Schema(description = "The median lag (`percentile_cont` 0.5), in ms; null without samples.",
                    example = "138")
            Long p50Ms,
            @Schema(description = "The 90th percentile, in ms; null without samples.", example = "210")
            Long p90Ms,
            @Schema(description = "The 99th percentile, in ms; null without samples.", example = "278")
            Long p99Ms,
            @Schema(description = "The largest lag, in ms; null without samples.", example = "313")
            Long maxMs) {
    }

    /**
     * Runs not yet due in the gate, released runs waiting for dispatch (both from Redis), runs waiting for a retry and
     * dead runs (from Postgres, counted up to 100,000).
     */
    @Schema(description = "The depths of the queues: runs not yet due in the gate and released runs waiting for "
            + "dispatch (from Redis), runs waiting for a retry and dead runs (from Postgres).")
    public record Queues(
            @Schema(description = "Runs waiting in the Redis time gate, not yet due.", example = "1200",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long gate,
            @Schema(description = "Released runs waiting for dispatch, across tenants.", example = "40",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long ready,
            @Schema(description = "Runs in `retry_wait`, counted up to 100,000.", example = "75",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long retryWait,
            @Schema(description = "Dead runs, counted up to 100,000.", example = "310",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long deadRuns) {
    }

    /** A tenant and its released runs waiting for dispatch. */
    @Schema(description = "A tenant and its released runs waiting for dispatch.")
    public record TenantReady(
            @Schema(description = "The tenant's id.", example = "ten_3f2c9a1b7d4e4f60a8b5c2d1e0f9a7b6",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String tenantId,
            @Schema(description = "Its released runs waiting for dispatch.", example = "25",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long ready) {
    }

    /** The installation's figures at {@code at} over the {@code window} before it. */
    @Schema(description = "The installation's live figures at `at`, over the `window` before it.")
    public record Stats(
            @Schema(description = "When the figures were taken.", example = "2026-03-02T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant at,
            @Schema(description = "The window the rates and the fire lag are measured over, an ISO-8601 duration.",
                    example = "PT1M", requiredMode = Schema.RequiredMode.REQUIRED)
            String window,
            @Schema(description = "The fire lag of the runs first attempted in the window.",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            FireLag fireLag,
            @Schema(description = "Runs that reached `succeeded` in the window, per second (three decimals).",
                    example = "98.0", requiredMode = Schema.RequiredMode.REQUIRED)
            double deliveriesPerSecond,
            @Schema(description = "Attempts that finished in the window, per second (three decimals).",
                    example = "99.5", requiredMode = Schema.RequiredMode.REQUIRED)
            double attemptsPerSecond,
            @Schema(description = "How many attempts of each outcome finished in the window; every outcome is listed, "
                    + "0 when none: `delivered`, `accepted`, `rejected`, `failed`, `blocked`, `lost`.",
                    example = "{\"delivered\": 5880, \"accepted\": 12, \"rejected\": 60, \"failed\": 30, "
                            + "\"blocked\": 0, \"lost\": 0}",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Map<String, Long> outcomes,
            @Schema(description = "The queues' depths.", requiredMode = Schema.RequiredMode.REQUIRED)
            Queues queues,
            @Schema(description = "The 10 tenants with the most released runs waiting for dispatch, most first.",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            List<TenantReady> busiestTenants) {
    }

    @GetMapping("/api/v1/operator/stats")
    @Operation(operationId = "getStats", summary = "Get the installation's live figures",
            description = "The last minute's fire lag, deliveries and attempts per second and attempts per outcome, "
                    + "the queues' depths and the 10 tenants with the most released runs waiting — what the operator "
                    + "page polls. The minute's figures read only runs scheduled in the last six minutes: fire lags "
                    + "beyond about five minutes and attempts of older runs (long retry chains, replays of old dead "
                    + "runs) are left out. Needs the operator token.")
    @ApiResponse(responseCode = "200", description = "The installation's figures now.")
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
