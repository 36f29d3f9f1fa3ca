package io.chronohook.pipeline;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.observability.MeterNames;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * One Resilience4j circuit breaker per (tenant, target host), kept by each instance. Transport failures, timeouts,
 * 408, 429 and 5xx count as failures; any other answer shows the endpoint is up. While open, runs for the host are
 * deferred past the open window without spending attempts; half-open lets a few probes through.
 */
@Component
public class CircuitBreakers {

    private final CircuitBreakerRegistry registry;
    private final BreakerProperties properties;
    private final Clock clock;
    /** When each open breaker goes half-open: the moment it opened plus the open window. */
    private final Map<String, Instant> halfOpenAt = new ConcurrentHashMap<>();

    public CircuitBreakers(BreakerProperties properties, MeterRegistry meters, Clock clock) {
        this.properties = properties;
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
                    if (event.getStateTransition().getToState() == CircuitBreaker.State.OPEN) {
                        halfOpenAt.put(event.getCircuitBreakerName(), clock.instant().plus(properties.openFor()));
                    } else {
                        halfOpenAt.remove(event.getCircuitBreakerName());
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
     * Until when a run that met {@code breaker} refusing it waits: the moment the breaker goes half-open (so a run
     * held back late in the open window waits only the rest of it), never before {@code now}; the whole open window
     * when the breaker's opening was not seen (half-open with its probes taken).
     */
    public Instant heldUntil(CircuitBreaker breaker, Instant now) {
        Instant halfOpen = halfOpenAt.get(breaker.getName());
        if (halfOpen == null || breaker.getState() != CircuitBreaker.State.OPEN) {
            return now.plus(properties.openFor());
        }
        return halfOpen.isBefore(now) ? now : halfOpen;
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

    /** This instance's breaker states for a tenant's hosts. */
    public Map<String, CircuitBreaker.State> states(TenantId tenantId) {
        String prefix = tenantId.value() + "|";
        return registry.getAllCircuitBreakers().stream()
                .filter(breaker -> breaker.getName().startsWith(prefix))
                .collect(Collectors.toMap(breaker -> breaker.getName().substring(prefix.length()),
                        CircuitBreaker::getState));
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
