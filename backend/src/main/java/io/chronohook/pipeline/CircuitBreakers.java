package io.chronohook.pipeline;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.observability.MeterNames;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.chronohook.platform.OutageLog;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * One Resilience4j circuit breaker per (tenant, target host) on each instance, kept in step through the shared
 * {@link BreakerBoard}: the instance whose breaker opens writes it there with its half-open time, the others open
 * theirs at their next {@link #syncOnce()} (every half second); the instance whose probes close it removes it, and
 * the others close theirs. Transport failures, timeouts, 408, 429 and 5xx count as failures; any other answer shows
 * the endpoint is up. While open, runs for the host wait until the half-open time without spending attempts;
 * half-open lets a few probes through, and runs that meet it then look again a moment later.
 */
@Component
public class CircuitBreakers {

    /** How long a run that meets a half-open breaker (its probes out) waits before it looks again. */
    static final Duration HALF_OPEN_RECHECK = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(CircuitBreakers.class);

    private final CircuitBreakerRegistry registry;
    private final BreakerProperties properties;
    private final BreakerBoard board;
    private final Clock clock;
    /** When each open breaker goes half-open: the moment it opened (here or on another instance) plus the window. */
    private final Map<String, Instant> halfOpenAt = new ConcurrentHashMap<>();
    /** Breakers on the board at the last look; one that leaves it was closed by another instance. */
    private volatile Set<String> onBoard = Set.of();
    /** Set while this instance moves a breaker to match the board: such moves are not written back to it. */
    private final ThreadLocal<Boolean> following = ThreadLocal.withInitial(() -> false);
    private final OutageLog outage = new OutageLog(log, "circuit breakers not shared: Redis does not answer");

    public CircuitBreakers(BreakerProperties properties, BreakerBoard board, MeterRegistry meters, Clock clock) {
        this.properties = properties;
        this.board = board;
        this.clock = clock;
        this.registry = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
                .clock(clock)
                .failureRateThreshold(properties.failureRatePercent())
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(properties.window())
                .minimumNumberOfCalls(properties.minimumCalls())
                .waitDurationInOpenState(properties.openFor())
                .permittedNumberOfCallsInHalfOpenState(properties.halfOpenProbes())
                .build());
        registry.getEventPublisher().onEntryAdded(added -> added.getAddedEntry().getEventPublisher()
                .onStateTransition(event -> {
                    String name = event.getCircuitBreakerName();
                    CircuitBreaker.State to = event.getStateTransition().getToState();
                    if (following.get()) {
                        return;
                    }
                    if (to == CircuitBreaker.State.OPEN) {
                        Instant halfOpen = clock.instant().plus(properties.openFor());
                        halfOpenAt.put(name, halfOpen);
                        board.opened(name, halfOpen).subscribe(null, outage::failed);
                    } else if (to == CircuitBreaker.State.CLOSED) {
                        halfOpenAt.remove(name);
                        board.closed(name).subscribe(null, outage::failed);
                    }
                }));
        for (CircuitBreaker.State state : List.of(CircuitBreaker.State.CLOSED, CircuitBreaker.State.OPEN,
                CircuitBreaker.State.HALF_OPEN)) {
            Gauge.builder(MeterNames.CIRCUITS, () -> count(state))
                    .description("This instance's circuit breakers (one per tenant and target host) by state")
                    .tag("state", state.name().toLowerCase(Locale.ROOT))
                    .register(meters);
        }
    }

    private long count(CircuitBreaker.State state) {
        return registry.getAllCircuitBreakers().stream().filter(breaker -> breaker.getState() == state).count();
    }

    public CircuitBreaker of(TenantId tenantId, String host) {
        return registry.circuitBreaker(key(tenantId, host));
    }

    /**
     * Until when a run that met {@code breaker} refusing it waits: the moment the breaker goes half-open, here or on
     * the instance that opened it (so a run held back late in the open window waits only the rest of it); a moment
     * when the breaker is half-open with its probes out (they decide within their timeout, and a closed breaker then
     * lets the backlog through at once).
     */
    public Instant heldUntil(CircuitBreaker breaker, Instant now) {
        Instant halfOpen = halfOpenAt.get(breaker.getName());
        if (breaker.getState() == CircuitBreaker.State.OPEN && halfOpen != null && halfOpen.isAfter(now)) {
            return halfOpen;
        }
        if (breaker.getState() == CircuitBreaker.State.OPEN && halfOpen != null) {
            // Opened by another instance, whose window ended before this one's would: probe now.
            follow(breaker::transitionToHalfOpenState);
        }
        return now.plus(HALF_OPEN_RECHECK);
    }

    /** Brings this instance's breakers in line with the board: opens what another opened, closes what it closed. */
    public Mono<Integer> syncOnce() {
        return board.read()
                .doOnNext(shared -> outage.succeeded())
                .map(shared -> {
                    Instant now = clock.instant();
                    int moved = 0;
                    for (Map.Entry<String, Instant> entry : shared.entrySet()) {
                        CircuitBreaker breaker = registry.circuitBreaker(entry.getKey());
                        halfOpenAt.merge(entry.getKey(), entry.getValue(),
                                (mine, theirs) -> mine.isAfter(theirs) ? mine : theirs);
                        if (breaker.getState() == CircuitBreaker.State.CLOSED && entry.getValue().isAfter(now)) {
                            follow(breaker::transitionToOpenState);
                            moved++;
                        }
                    }
                    for (String name : onBoard) {
                        if (!shared.containsKey(name)) {
                            CircuitBreaker breaker = registry.find(name).orElse(null);
                            if (breaker != null && breaker.getState() != CircuitBreaker.State.CLOSED) {
                                follow(breaker::transitionToClosedState);
                                halfOpenAt.remove(name);
                                moved++;
                            }
                        }
                    }
                    onBoard = Set.copyOf(shared.keySet());
                    return moved;
                });
    }

    private void follow(Runnable transition) {
        following.set(true);
        try {
            transition.run();
        } catch (IllegalStateException e) {
            // another thread moved it first
        } finally {
            following.set(false);
        }
    }

    /** Feeds an attempt's outcome to its breaker. */
    public void record(CircuitBreaker breaker, DeliveryOutcome outcome) {
        long nanos = outcome.latency().toNanos();
        switch (outcome) {
            case DeliveryOutcome.Delivered d -> breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
            case DeliveryOutcome.Rejected r when r.status() >= 500 || r.status() == 408 || r.status() == 429 ->
                    breaker.onError(nanos, TimeUnit.NANOSECONDS, new EndpointFailure("HTTP " + r.status()));
            case DeliveryOutcome.Rejected r -> breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
            case DeliveryOutcome.Failed f ->
                    breaker.onError(nanos, TimeUnit.NANOSECONDS, new EndpointFailure(f.errorClass()));
            case DeliveryOutcome.Blocked b -> breaker.releasePermission();
            case DeliveryOutcome.ShortCircuited s -> breaker.releasePermission();
        }
    }

    /**
     * The shared breaker states of a tenant's hosts that are not closed: {@code open} until the half-open time,
     * {@code half_open} after it until probes close it. Read from the board, so every instance answers the same.
     */
    public Mono<Map<String, String>> states(TenantId tenantId) {
        String prefix = tenantId.value() + "|";
        Instant now = clock.instant();
        return board.read().map(shared -> shared.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith(prefix))
                .collect(Collectors.toMap(entry -> entry.getKey().substring(prefix.length()),
                        entry -> entry.getValue().isAfter(now) ? "open" : "half_open")));
    }

    private static String key(TenantId tenantId, String host) {
        return tenantId.value() + "|" + host;
    }

    /** The failure a breaker records; carries only what went wrong. */
    static final class EndpointFailure extends RuntimeException {
        EndpointFailure(String what) {
            super(what, null, false, false);
        }
    }
}
