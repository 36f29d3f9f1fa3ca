package io.chronohook.flow;

import io.chronohook.billing.quota.TenantBuckets;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.job.TenantPlans;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Admits a claimed run's request within its tenant's limits: the limits of its target host (the tenant's own for
 * that host, else its plan's default requests in flight) and of its flow key (requests in flight, a rate). A run over a limit is not sent: it waits (no attempt spent) and comes back after
 * {@link #waitFor}; one admitted holds a slot of each in-flight limit until its request ends ({@link #release}).
 * When Redis does not answer, runs go out unlimited rather than not at all (the limits protect receivers; losing
 * them for the length of an outage is the lesser harm), and this is logged.
 */
@Component
public class FlowControl {

    private static final Logger log = LoggerFactory.getLogger(FlowControl.class);

    /** The shortest wait of a run that found a limit full. */
    static final Duration MIN_WAIT = Duration.ofMillis(200);
    /** The longest: a run waiting behind many others is looked at again at least this often. */
    static final Duration MAX_WAIT = Duration.ofSeconds(5);

    private final FlowSettings settings;
    private final TenantPlans plans;
    private final FlowSlots slots;
    private final TenantBuckets buckets;
    private final FlowMetrics metrics;
    private final Clock clock;
    /** Runs sent back to wait per limit in the current second: later ones wait longer, so they come back in order. */
    private final Map<String, long[]> waiting = new ConcurrentHashMap<>();

    public FlowControl(FlowSettings settings, TenantPlans plans, FlowSlots slots, TenantBuckets buckets,
                       FlowMetrics metrics, Clock clock) {
        this.settings = settings;
        this.plans = plans;
        this.slots = slots;
        this.buckets = buckets;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** What to ask of a run: its tenant, target host and flow key (null without one). */
    public record Request(TenantId tenantId, String host, String flowKey) {
    }

    /**
     * The answer: admitted ({@code slot} to release when the request ends; null when no in-flight limit applies), or
     * to wait until {@code until} because {@code limit} (a host, or {@code key:<key>}) is full.
     */
    public record Admission(boolean admitted, String slot, Instant until, String limit, String reason) {

        static final Admission FREE = new Admission(true, null, null, null, null);

        static Admission wait(Instant until, String limit, String reason) {
            return new Admission(false, null, until, limit, reason);
        }
    }

    public Mono<Admission> admit(Request request) {
        return settings.of(request.tenantId())
                .zipWith(plans.of(request.tenantId()).map(plan -> Optional.ofNullable(plan.endpointMaxInFlight()))
                        .defaultIfEmpty(Optional.empty()))
                .flatMap(both -> both.getT1().none() && both.getT2().isEmpty() ? Mono.just(Admission.FREE)
                        : admit(request, both.getT1(), both.getT2().orElse(null)))
                .onErrorResume(error -> {
                    log.warn("flow limits of {} not applied: {}", request.tenantId(), error.toString());
                    return Mono.just(Admission.FREE);
                });
    }

    private Mono<Admission> admit(Request request, FlowSettings.Tenant tenant, Integer planMaxInFlight) {
        FlowLimits host = tenant.host(request.host(), planMaxInFlight);
        FlowLimits key = request.flowKey() == null ? FlowLimits.NONE : tenant.key(request.flowKey()).limits();
        if (host.none() && key.none()) {
            return Mono.just(Admission.FREE);
        }
        List<FlowSlots.Limit> limits = new ArrayList<>(2);
        if (host.maxInFlight() != null) {
            limits.add(new FlowSlots.Limit(FlowSlots.hostSet(request.tenantId(), request.host()),
                    host.maxInFlight()));
        }
        if (key.maxInFlight() != null) {
            limits.add(new FlowSlots.Limit(FlowSlots.keySet(request.tenantId(), request.flowKey()),
                    key.maxInFlight()));
        }
        Instant now = clock.instant();
        Mono<FlowSlots.Acquired> acquired = limits.isEmpty() ? Mono.just(new FlowSlots.Acquired(null, limits, null))
                : slots.acquire(limits, now);
        return acquired.flatMap(got -> {
            if (!got.granted()) {
                boolean hostFull = got.full().set().equals(FlowSlots.hostSet(request.tenantId(), request.host()));
                String limit = hostFull ? request.host() : "key:" + request.flowKey();
                metrics.waited(hostFull ? "endpoint" : "key", "in_flight");
                return Mono.just(Admission.wait(now.plus(waitFor(got.full().set(), got.full().max(), now)), limit,
                        (hostFull ? "endpoint " + request.host() : "flow key " + request.flowKey()) + " has "
                                + got.full().max() + " of " + got.full().max() + " requests in flight"));
            }
            return rate(request, "host:" + request.host(), host.rate())
                    .flatMap(hostWait -> hostWait.isZero() ? rate(request, "key:" + request.flowKey(), key.rate())
                            .map(keyWait -> keyWait.isZero() ? Admission.FREE
                                    : rateWait(request, "key", now, keyWait))
                            : Mono.just(rateWait(request, "endpoint", now, hostWait)))
                    .flatMap(admission -> admission.admitted()
                            ? Mono.just(new Admission(true, got.member(), null, null, null))
                            : (got.member() == null ? Mono.<Void>empty() : slots.release(got.member()))
                                    .thenReturn(admission))
                    // A rate that could not be read lets the run go unlimited (below) without the slots just taken:
                    // given back here, or this instance would renew them for ever.
                    .onErrorResume(error -> (got.member() == null ? Mono.<Void>empty() : slots.release(got.member()))
                            .onErrorResume(ignored -> Mono.empty())
                            .then(Mono.error(error)));
        });
    }

    private Admission rateWait(Request request, String kind, Instant now, Duration wait) {
        metrics.waited(kind, "rate");
        boolean host = kind.equals("endpoint");
        return Admission.wait(now.plus(wait).plusMillis(ThreadLocalRandom.current().nextInt(50)),
                host ? request.host() : "key:" + request.flowKey(),
                (host ? "endpoint " + request.host() : "flow key " + request.flowKey()) + " is over its rate");
    }

    /** Zero when a token was taken (or no rate applies), else how long until one is back. */
    private Mono<Duration> rate(Request request, String name, Rate rate) {
        if (rate == null) {
            return Mono.just(Duration.ZERO);
        }
        return buckets.take("flow", request.tenantId(), name, rate.limit(), rate.period(), rate.burst(), 1)
                .map(take -> take.taken() ? Duration.ZERO : take.retryAfter().compareTo(MIN_WAIT) < 0 ? MIN_WAIT
                        : take.retryAfter());
    }

    /** Gives back the slot an admitted run held, when its request has ended. */
    public Mono<Void> release(Admission admission) {
        if (admission.slot() == null) {
            return Mono.empty();
        }
        return slots.release(admission.slot()).onErrorResume(error -> {
            log.warn("a flow slot was not given back; its lease runs out instead: {}", error.toString());
            return Mono.empty();
        });
    }

    /**
     * How long a run that found {@code set} full waits: {@link #MIN_WAIT}, plus a second for every {@code max} runs
     * already sent back from the same limit this second (so they come back about in order, as slots free), at most
     * {@link #MAX_WAIT}; with a little jitter.
     */
    Duration waitFor(String set, int max, Instant now) {
        long second = now.getEpochSecond();
        long[] window = waiting.compute(set, (name, w) -> w == null || w[0] != second ? new long[] {second, 1}
                : new long[] {second, w[1] + 1});
        long ahead = window[1] - 1;
        Duration wait = MIN_WAIT.plusMillis(1000 * ahead / Math.max(1, max))
                .plusMillis(ThreadLocalRandom.current().nextInt(100));
        if (waiting.size() > 10_000) {
            waiting.entrySet().removeIf(entry -> entry.getValue()[0] != second);
        }
        return wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
    }
}
