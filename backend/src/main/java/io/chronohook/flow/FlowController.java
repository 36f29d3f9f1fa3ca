package io.chronohook.flow;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.job.TenantPlans;
import io.chronohook.platform.ApiException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /api/v1/flow-keys} and {@code /api/v1/endpoints/{host}/limits}: a tenant's flow keys (weight, limits) and
 * its limits per target host (without its own, a host's limits are its plan's default, if it has one); every change
 * is audited and applies on every instance within seconds.
 */
@RestController
public class FlowController {

    private final FlowStore store;
    private final FlowValidator validator;
    private final FlowSettings settings;
    private final TenantPlans plans;
    private final FlowStatus status;
    private final AuditStore audit;
    private final TransactionalOperator tx;
    private final Clock clock;

    public FlowController(FlowStore store, FlowValidator validator, FlowSettings settings, TenantPlans plans,
                          FlowStatus status, AuditStore audit, TransactionalOperator tx, Clock clock) {
        this.store = store;
        this.status = status;
        this.plans = plans;
        this.validator = validator;
        this.settings = settings;
        this.audit = audit;
        this.tx = tx;
        this.clock = clock;
    }

    /** The keys with settings, {@code _default} among them when it has some. */
    @GetMapping("/api/v1/flow-keys")
    public Mono<Map<String, List<FlowViews.FlowKeyView>>> keys(@AuthenticationPrincipal Caller caller) {
        return store.keys(caller.tenantId()).map(FlowViews.FlowKeyView::of).collectList()
                .flatMap(items -> status.keys(caller.tenantId(), items.stream().map(FlowViews.FlowKeyView::key)
                                .filter(key -> !FlowKeys.DEFAULT.equals(key)).toList())
                        .map(loads -> items.stream().map(item -> item.with(loads.get(item.key()))).toList()))
                .map(items -> Map.of("items", items));
    }

    @GetMapping("/api/v1/flow-keys/{key}")
    public Mono<FlowViews.FlowKeyView> key(@AuthenticationPrincipal Caller caller, @PathVariable String key) {
        return store.findKey(caller.tenantId(), key).map(FlowViews.FlowKeyView::of)
                .switchIfEmpty(Mono.error(ApiException.notFound("flow key " + key)));
    }

    @PutMapping("/api/v1/flow-keys/{key}")
    public Mono<FlowViews.FlowKeyView> saveKey(@AuthenticationPrincipal Caller caller, @PathVariable String key,
                                               @RequestBody FlowRequests.FlowKey request) {
        return Mono.fromCallable(() -> validator.flowKey(key, request))
                .flatMap(valid -> store.saveKey(caller.tenantId(), valid, clock.instant())
                        .flatMap(saved -> audit.record(caller.tenantId(), AuditEntry.by(caller, "flow_key.updated",
                                "flow_key", key, details(saved.limits(), saved.weight()))).thenReturn(saved))
                        .as(tx::transactional))
                .doOnNext(saved -> settings.forget(caller.tenantId()))
                .map(FlowViews.FlowKeyView::of);
    }

    @DeleteMapping("/api/v1/flow-keys/{key}")
    public Mono<ResponseEntity<Void>> deleteKey(@AuthenticationPrincipal Caller caller, @PathVariable String key) {
        return store.deleteKey(caller.tenantId(), key)
                .flatMap(deleted -> deleted ? audit.record(caller.tenantId(), AuditEntry.by(caller,
                                "flow_key.deleted", "flow_key", key, Map.of())).thenReturn(true)
                        : Mono.error(ApiException.notFound("flow key " + key)))
                .as(tx::transactional)
                .doOnNext(deleted -> settings.forget(caller.tenantId()))
                .thenReturn(ResponseEntity.noContent().build());
    }

    @GetMapping("/api/v1/endpoints/{host}/limits")
    public Mono<FlowViews.EndpointLimitsView> endpoint(@AuthenticationPrincipal Caller caller,
                                                        @PathVariable String host) {
        String name = host.toLowerCase(Locale.ROOT);
        return store.findEndpoint(caller.tenantId(), name)
                .map(FlowViews.EndpointLimitsView::of)
                .switchIfEmpty(plans.of(caller.tenantId()).filter(plan -> plan.endpointMaxInFlight() != null)
                        .map(plan -> FlowViews.EndpointLimitsView.ofPlan(name, plan.endpointMaxInFlight())))
                .switchIfEmpty(Mono.error(ApiException.notFound("limits for " + host)));
    }

    @PutMapping("/api/v1/endpoints/{host}/limits")
    public Mono<FlowViews.EndpointLimitsView> saveEndpoint(@AuthenticationPrincipal Caller caller,
                                                            @PathVariable String host,
                                                            @RequestBody FlowRequests.Endpoint request) {
        String name = host.toLowerCase(Locale.ROOT);
        return Mono.fromCallable(() -> validator.endpoint(name, request))
                .flatMap(valid -> store.saveEndpoint(caller.tenantId(), valid, clock.instant())
                        .flatMap(saved -> audit.record(caller.tenantId(), AuditEntry.by(caller,
                                "endpoint_limits.updated", "endpoint", name, details(saved.limits(), null)))
                                .thenReturn(saved))
                        .as(tx::transactional))
                .doOnNext(saved -> settings.forget(caller.tenantId()))
                .map(FlowViews.EndpointLimitsView::of);
    }

    @DeleteMapping("/api/v1/endpoints/{host}/limits")
    public Mono<ResponseEntity<Void>> deleteEndpoint(@AuthenticationPrincipal Caller caller,
                                                     @PathVariable String host) {
        String name = host.toLowerCase(Locale.ROOT);
        return store.deleteEndpoint(caller.tenantId(), name)
                .flatMap(deleted -> deleted ? audit.record(caller.tenantId(), AuditEntry.by(caller,
                                "endpoint_limits.deleted", "endpoint", name, Map.of())).thenReturn(true)
                        : Mono.error(ApiException.notFound("limits for " + host)))
                .as(tx::transactional)
                .doOnNext(deleted -> settings.forget(caller.tenantId()))
                .thenReturn(ResponseEntity.noContent().build());
    }

    private static Map<String, Object> details(FlowLimits limits, Integer weight) {
        Map<String, Object> details = new LinkedHashMap<>();
        if (weight != null) {
            details.put("weight", weight);
        }
        if (limits.maxInFlight() != null) {
            details.put("maxInFlight", limits.maxInFlight());
        }
        Rate rate = limits.rate();
        if (rate != null) {
            details.put("rate", rate.limit() + " per " + rate.period() + ", burst " + rate.burst());
        }
        return details;
    }
}
