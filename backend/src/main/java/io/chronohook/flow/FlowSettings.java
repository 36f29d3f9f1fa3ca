package io.chronohook.flow;

import io.chronohook.billing.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A tenant's flow-control settings (its keys and its endpoint limits), read once and kept for a few seconds: a change
 * made through this instance applies at once, one made through another instance within {@link #TTL}.
 */
@Component
public class FlowSettings {

    static final Duration TTL = Duration.ofSeconds(5);

    private final FlowStore store;
    private final Clock clock;
    private final Map<TenantId, Cached> cache = new ConcurrentHashMap<>();

    public FlowSettings(FlowStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** One tenant's settings: keys by name, limits by host. */
    public record Tenant(Map<String, FlowKeySettings> keys, Map<String, FlowLimits> endpoints) {

        static final Tenant NONE = new Tenant(Map.of(), Map.of());

        /** The limits of requests to {@code host}: the tenant's own, else {@code planMaxInFlight} (null: none). */
        public FlowLimits host(String host, Integer planMaxInFlight) {
            FlowLimits own = endpoints.get(host);
            return own != null ? own : planMaxInFlight == null ? FlowLimits.NONE : new FlowLimits(planMaxInFlight, null);
        }

        /** The settings of {@code key}: its own, else {@code _default}'s, else weight 1 and no limits. */
        public FlowKeySettings key(String key) {
            FlowKeySettings own = key == null ? null : keys.get(key);
            if (own != null) {
                return own;
            }
            FlowKeySettings fallback = keys.get(FlowKeys.DEFAULT);
            return fallback != null ? new FlowKeySettings(key, fallback.weight(), fallback.limits(), null)
                    : new FlowKeySettings(key, 1, FlowLimits.NONE, null);
        }

        public boolean none() {
            return keys.isEmpty() && endpoints.isEmpty();
        }
    }

    private record Cached(Instant expiresAt, Tenant settings) {
    }

    public Mono<Tenant> of(TenantId tenantId) {
        Cached cached = cache.get(tenantId);
        if (cached != null && cached.expiresAt().isAfter(clock.instant())) {
            return Mono.just(cached.settings());
        }
        Instant now = clock.instant();
        return store.keys(tenantId).collectMap(FlowKeySettings::key, Function.identity())
                .zipWith(store.endpoints(tenantId).collect(Collectors.toMap(EndpointLimits::host,
                        EndpointLimits::limits)))
                .map(both -> both.getT1().isEmpty() && both.getT2().isEmpty() ? Tenant.NONE
                        : new Tenant(Map.copyOf(both.getT1()), Map.copyOf(both.getT2())))
                .doOnNext(settings -> cache.put(tenantId, new Cached(now.plus(TTL), settings)));
    }

    /** Drops what is kept of a tenant's settings, after a change made through this instance. */
    void forget(TenantId tenantId) {
        cache.remove(tenantId);
    }
}
