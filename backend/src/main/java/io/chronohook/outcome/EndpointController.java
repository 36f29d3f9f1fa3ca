package io.chronohook.outcome;

import static io.chronohook.platform.Rows.instant;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.chronohook.access.Caller;
import io.chronohook.flow.EndpointLimits;
import io.chronohook.flow.FlowLimits;
import io.chronohook.flow.FlowStatus;
import io.chronohook.flow.FlowStore;
import io.chronohook.flow.FlowViews;
import io.chronohook.job.TenantPlans;
import io.chronohook.pipeline.CircuitBreakers;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/endpoints}: per target host, its circuit state, last day's success rate and last error, and its
 * flow limits with the requests in flight and the runs waiting for them.
 */
@RestController
@Tag(name = ApiTags.ENDPOINTS)
public class EndpointController {

    static final String HOSTS = """
            select target_host, count(*) as attempts, count(*) filter (where outcome = 'delivered') as delivered,
                   max(finished_at) as last_attempt_at,
                   (array_agg(error order by finished_at desc) filter (where outcome <> 'delivered'))[1] as last_error,
                   max(finished_at) filter (where outcome <> 'delivered') as last_error_at
              from attempt
             where tenant_id = :tenantId and finished_at > :since and target_host is not null
             group by target_host
             order by target_host
            """;

    private final DatabaseClient db;
    private final CircuitBreakers breakers;
    private final FlowStore flow;
    private final FlowStatus status;
    private final TenantPlans plans;
    private final Clock clock;

    public EndpointController(DatabaseClient db, CircuitBreakers breakers, FlowStore flow, FlowStatus status,
                              TenantPlans plans, Clock clock) {
        this.db = db;
        this.flow = flow;
        this.status = status;
        this.plans = plans;
        this.breakers = breakers;
        this.clock = clock;
    }

    /**
     * One target host of the tenant. {@code circuitState} is the shared breaker's: closed, open or half_open.
     * {@code limits}: its flow limits (the tenant's own, or its plan's default), with the requests in flight now and
     * the runs waiting for capacity; null when it has none.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "A target host the tenant's jobs call: its circuit state, the last day's attempts and "
            + "errors, and its flow limits with their load.")
    public record Endpoint(
            @Schema(description = "The host, as runs name it: lower case, with the port when the target URL has "
                    + "one.", example = "api.example.com", requiredMode = Schema.RequiredMode.REQUIRED)
            String host,
            @Schema(description = "The state of the host's circuit breaker, shared by every instance: `closed` "
                    + "(requests go out), `open` (runs are held back without spending an attempt) or `half_open` "
                    + "(probes decide); shown `closed` when the state cannot be read.", example = "closed",
                    allowableValues = {"closed", "open", "half_open"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String circuitState,
            @Schema(description = "Attempts to the host that finished in the last 24 hours.", example = "1440",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long attempts24h,
            @Schema(description = "The share of those attempts that were delivered, from 0 to 1; absent without "
                    + "attempts in the last 24 hours.", example = "0.985")
            Double successRate,
            @Schema(description = "When the last attempt to the host finished; absent without attempts in the last "
                    + "24 hours.", example = "2026-03-02T08:59:00Z")
            Instant lastAttemptAt,
            @Schema(description = "The error of the last attempt in the last 24 hours that was not delivered; absent "
                    + "without one.", example = "the receiver answered HTTP 503")
            String lastError,
            @Schema(description = "When that attempt finished; absent without one.", example = "2026-03-02T07:30:00Z")
            Instant lastErrorAt,
            @Schema(description = "The host's flow limits and their load; absent when the host has no limits (none "
                    + "of the tenant's own, and no default of its plan).")
            Limits limits) {
    }

    /** A host's flow limits and how they are doing. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "A host's flow limits (the tenant's own, or its plan's default) and how they are doing.")
    public record Limits(
            @Schema(description = "At most this many requests to the host at once; absent when only a rate is set.",
                    example = "10")
            Integer maxInFlight,
            @Schema(description = "At most so many requests per period; absent when none is set.")
            FlowViews.RateView rate,
            @Schema(description = "`tenant` for limits the tenant set (`PUT /api/v1/endpoints/{host}/limits`), "
                    + "`plan` for its plan's default.", example = "tenant", allowableValues = {"tenant", "plan"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String source,
            @Schema(description = "Requests to the host in flight now (0 when this cannot be read).", example = "3",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long inFlight,
            @Schema(description = "Runs waiting for capacity under these limits.", example = "0",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long waiting) {
    }

    @GetMapping("/api/v1/endpoints")
    @Operation(operationId = "listEndpoints", summary = "List endpoints",
            description = "Every host the tenant's jobs attempted in the last 24 hours, and every host with limits "
                    + "of the tenant's own, by host name: its circuit state, the last day's attempts, success rate "
                    + "and last error, and its flow limits with the requests in flight and the runs waiting. One page "
                    + "(`nextCursor` is always null). Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The tenant's endpoints, by host name.")
    public Mono<Page<Endpoint>> list(@AuthenticationPrincipal Caller caller) {
        return breakers.states(caller.tenantId())
                // Redis away: the hosts are listed all the same, their breakers shown closed.
                .timeout(Duration.ofMillis(200))
                .onErrorReturn(Map.of())
                .flatMap(states -> endpoints(caller, states))
                .flatMap(items -> withLimits(caller, items))
                .map(items -> new Page<>(items, null));
    }

    private Mono<List<Endpoint>> endpoints(Caller caller, Map<String, String> states) {
        return db.sql(HOSTS)
                .bind("tenantId", caller.tenantId().value())
                .bind("since", clock.instant().minus(Duration.ofDays(1)).atOffset(ZoneOffset.UTC))
                .map(row -> {
                    String host = row.get("target_host", String.class);
                    long attempts = row.get("attempts", Long.class);
                    long delivered = row.get("delivered", Long.class);
                    return new Endpoint(host, states.getOrDefault(host, "closed"), attempts,
                            attempts == 0 ? null : (double) delivered / attempts,
                            instant(row.get("last_attempt_at", OffsetDateTime.class)),
                            row.get("last_error", String.class),
                            instant(row.get("last_error_at", OffsetDateTime.class)), null);
                })
                .all()
                .collectList();
    }

    /**
     * Adds each host's limits and load; hosts with limits of their own but no attempt in the last day are listed
     * too. Redis away: the load shows none in flight.
     */
    private Mono<List<Endpoint>> withLimits(Caller caller, List<Endpoint> endpoints) {
        return flow.endpoints(caller.tenantId()).collectMap(EndpointLimits::host, EndpointLimits::limits)
                .zipWith(plans.of(caller.tenantId()).map(plan -> Optional.ofNullable(plan.endpointMaxInFlight()))
                        .defaultIfEmpty(Optional.empty()))
                .flatMap(both -> {
                    Map<String, FlowLimits> own = both.getT1();
                    Integer planDefault = both.getT2().orElse(null);
                    Map<String, Endpoint> byHost = new TreeMap<>();
                    endpoints.forEach(endpoint -> byHost.put(endpoint.host(), endpoint));
                    own.keySet().forEach(host -> byHost.putIfAbsent(host,
                            new Endpoint(host, "closed", 0, null, null, null, null, null)));
                    List<String> limited = byHost.keySet().stream()
                            .filter(host -> own.containsKey(host) || planDefault != null).toList();
                    return status.hosts(caller.tenantId(), limited).map(loads -> byHost.values().stream()
                            .map(endpoint -> {
                                FlowStatus.Load load = loads.get(endpoint.host());
                                if (load == null) {
                                    return endpoint;
                                }
                                FlowLimits limits = own.getOrDefault(endpoint.host(),
                                        new FlowLimits(planDefault, null));
                                return new Endpoint(endpoint.host(), endpoint.circuitState(), endpoint.attempts24h(),
                                        endpoint.successRate(), endpoint.lastAttemptAt(), endpoint.lastError(),
                                        endpoint.lastErrorAt(), new Limits(limits.maxInFlight(),
                                        FlowViews.RateView.of(limits.rate()),
                                        own.containsKey(endpoint.host()) ? "tenant" : "plan", load.inFlight(),
                                        load.waiting()));
                            })
                            .toList());
                });
    }
}
