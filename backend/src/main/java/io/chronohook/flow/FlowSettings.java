package io.chronohook.flow;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.RefreshingCache;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A tenant's flow-control settings (its keys and its endpoint limits), read once and kept for a few seconds (refreshed
 * behind the look-ups, {@link RefreshingCache}): a change made through this instance applies at once, one made through
 * another instance within {@link #TTL} and a read.
 */
@Component
public class FlowSettings {

    static final Duration TTL = Duration.ofSeconds(5);

    private final FlowStore store;
    private final RefreshingCache<TenantId, Tenant> cache;

    public FlowSettings(FlowStore store, Clock clock) {
        this.store = store;
        this.cache = new RefreshingCache<>(TTL, clock, this::read);
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

    public Mono<Tenant> of(TenantId tenantId) {
        return cache.get(tenantId);
    }

    private Mono<Tenant> read(TenantId tenantId) {
        return store.keys(tenantId).collectMap(FlowKeySettings::key, Function.identity())
                .zipWith(store.endpoints(tenantId).collect(Collectors.toMap(EndpointLimits::host,
                        EndpointLimits::limits)))
                .map(both -> both.getT1().isEmpty() && both.getT2().isEmpty() ? Tenant.NONE
                        : new Tenant(Map.copyOf(both.getT1()), Map.copyOf(both.getT2())));
    }

    /** Drops what is kept of a tenant's settings, after a change made through this instance. */
    void forget(TenantId tenantId) {
        cache.forget(tenantId);
    }
}
