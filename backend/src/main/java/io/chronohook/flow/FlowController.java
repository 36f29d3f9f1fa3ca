package io.chronohook.flow;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.job.TenantPlans;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
    @Tag(name = ApiTags.FLOW_KEYS)
    @Operation(operationId = "listFlowKeys", summary = "List flow keys",
            description = "The tenant's flow keys with settings of their own, by name, `_default` among them when it "
                    + "has some; each (but `_default`) with its runs in flight now and waiting for capacity. One list, "
                    + "without pages. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The keys with settings, as `items`.",
            content = @Content(mediaType = "application/json",
                    schema = @Schema(implementation = FlowViews.FlowKeyList.class)))
    public Mono<Map<String, List<FlowViews.FlowKeyView>>> keys(@AuthenticationPrincipal Caller caller) {
        return store.keys(caller.tenantId()).map(FlowViews.FlowKeyView::of).collectList()
                .flatMap(items -> status.keys(caller.tenantId(), items.stream().map(FlowViews.FlowKeyView::key)
                                .filter(key -> !FlowKeys.DEFAULT.equals(key)).toList())
                        .map(loads -> items.stream().map(item -> item.with(loads.get(item.key()))).toList()))
                .map(items -> Map.of("items", items));
    }

    @GetMapping("/api/v1/flow-keys/{key}")
    @Tag(name = ApiTags.FLOW_KEYS)
    @Operation(operationId = "getFlowKey", summary = "Get a flow key's settings",
            description = "One key's weight and limits; a `404` when the key has no settings of its own (its runs "
                    + "then follow `_default`'s, if any). Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The key's settings.")
    public Mono<FlowViews.FlowKeyView> key(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "The flow key: 1–128 letters, digits, `.`, `_`, `:`, `@` or `-`, starting with "
                    + "a letter or digit; or `_default`, the settings of the keys without their own.",
                    example = "billing-sync")
            @PathVariable String key) {
        return store.findKey(caller.tenantId(), key).map(FlowViews.FlowKeyView::of)
                .switchIfEmpty(Mono.error(ApiException.notFound("flow key " + key)));
    }

    @PutMapping("/api/v1/flow-keys/{key}")
    @Tag(name = ApiTags.FLOW_KEYS)
    @Operation(operationId = "saveFlowKey", summary = "Set a flow key's settings",
            description = "Creates or replaces the key's settings: its weight (default 1) and the limits shared by "
                    + "all the runs that name it (what the body leaves out is unlimited); the key `_default` holds "
                    + "the settings of the keys without their own. Applies on every instance within seconds. A run "
                    + "over a limit waits (`retry_wait`) without spending an attempt. Needs `jobs:write`. Audited as "
                    + "`flow_key.updated`.")
    @ApiResponse(responseCode = "200", description = "The key's settings, as saved.")
    public Mono<FlowViews.FlowKeyView> saveKey(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "The flow key: 1–128 letters, digits, `.`, `_`, `:`, `@` or `-`, starting with "
                    + "a letter or digit; or `_default`, the settings of the keys without their own.",
                    example = "billing-sync")
            @PathVariable String key,
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
    @Tag(name = ApiTags.FLOW_KEYS)
    @Operation(operationId = "deleteFlowKey", summary = "Delete a flow key's settings",
            description = "Removes the key's own settings: its runs follow `_default`'s (if any) within seconds. "
                    + "A `404` when the key had none. Needs `jobs:write`. Audited as `flow_key.deleted`.")
    @ApiResponse(responseCode = "204", description = "The key's settings are removed.")
    public Mono<ResponseEntity<Void>> deleteKey(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "The flow key: 1–128 letters, digits, `.`, `_`, `:`, `@` or `-`, starting with "
                    + "a letter or digit; or `_default`, the settings of the keys without their own.",
                    example = "billing-sync")
            @PathVariable String key) {
        return store.deleteKey(caller.tenantId(), key)
                .flatMap(deleted -> deleted ? audit.record(caller.tenantId(), AuditEntry.by(caller,
                                "flow_key.deleted", "flow_key", key, Map.of())).thenReturn(true)
                        : Mono.error(ApiException.notFound("flow key " + key)))
                .as(tx::transactional)
                .doOnNext(deleted -> settings.forget(caller.tenantId()))
                .thenReturn(ResponseEntity.noContent().build());
    }

    @GetMapping("/api/v1/endpoints/{host}/limits")
    @Tag(name = ApiTags.ENDPOINTS)
    @Operation(operationId = "getEndpointLimits", summary = "Get a host's limits",
            description = "The host's limits: the tenant's own (`source: tenant`), or else its plan's default limit "
                    + "of requests in flight per host (`source: plan`); a `404` when it has neither. Needs "
                    + "`jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The host's limits.")
    public Mono<FlowViews.EndpointLimitsView> endpoint(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "The host as runs name it: lower case (taken in lower case), with the port "
                    + "when the target URL has one.", example = "api.example.com")
            @PathVariable String host) {
        String name = host.toLowerCase(Locale.ROOT);
        return store.findEndpoint(caller.tenantId(), name)
                .map(FlowViews.EndpointLimitsView::of)
                .switchIfEmpty(plans.of(caller.tenantId()).filter(plan -> plan.endpointMaxInFlight() != null)
                        .map(plan -> FlowViews.EndpointLimitsView.ofPlan(name, plan.endpointMaxInFlight())))
                .switchIfEmpty(Mono.error(ApiException.notFound("limits for " + host)));
    }

    @PutMapping("/api/v1/endpoints/{host}/limits")
    @Tag(name = ApiTags.ENDPOINTS)
    @Operation(operationId = "saveEndpointLimits", summary = "Set a host's limits",
            description = "Creates or replaces the tenant's limits for the host, over all its jobs' runs: at most "
                    + "`maxInFlight` requests at once, at most `rate.limit` per `rate.period`, bursts up to "
                    + "`rate.burst`; at least one of `maxInFlight` and `rate` (what is left out is unlimited; they "
                    + "replace the plan's default). Applies on every instance within seconds. A run over a limit "
                    + "waits (`retry_wait`) without spending an attempt. Needs `jobs:write`. Audited as "
                    + "`endpoint_limits.updated`.")
    @ApiResponse(responseCode = "200", description = "The host's limits, as saved (`source: tenant`).")
    public Mono<FlowViews.EndpointLimitsView> saveEndpoint(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "The host as runs name it: lower case (taken in lower case), with the port "
                    + "when the target URL has one.", example = "api.example.com")
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
    @Tag(name = ApiTags.ENDPOINTS)
    @Operation(operationId = "deleteEndpointLimits", summary = "Delete a host's limits",
            description = "Removes the tenant's own limits for the host: its plan's default applies again (if it "
                    + "has one) within seconds. A `404` when the tenant set none. Needs `jobs:write`. Audited as "
                    + "`endpoint_limits.deleted`.")
    @ApiResponse(responseCode = "204", description = "The host's limits are removed.")
    public Mono<ResponseEntity<Void>> deleteEndpoint(
            @AuthenticationPrincipal Caller caller,
            @Parameter(description = "The host as runs name it: lower case (taken in lower case), with the port "
                    + "when the target URL has one.", example = "api.example.com")
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
