package io.chronohook.operator;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.plan.PlanStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.Validation;
import java.time.Clock;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /api/v1/operator}: the plan catalogue and tenants' plans (operator credential only). */
@RestController
public class OperatorController {

    private final PlanStore plans;
    private final TenantStore tenants;
    private final AuditStore audit;
    private final TransactionalOperator tx;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    public OperatorController(PlanStore plans, TenantStore tenants, AuditStore audit, TransactionalOperator tx,
                              ApplicationEventPublisher events, Clock clock) {
        this.plans = plans;
        this.tenants = tenants;
        this.audit = audit;
        this.tx = tx;
        this.events = events;
        this.clock = clock;
    }

    /**
     * A plan's limits as the operator sets them; every field is required but those of long-running work
     * ({@code maxRunningSeconds}, {@code maxCheckpointBytes}), which default to an hour and 4 KiB, and the default
     * limit of requests in flight per target host ({@code endpointMaxInFlight}), none when absent.
     */
    public record PlanRequest(String name, Long maxJobs, Long executionsPerMonth, Integer dispatchRatePerSecond,
                              Integer dispatchBurst, Integer fairShareWeight, Integer minIntervalSeconds,
                              Integer maxPayloadBytes, Integer historyRetentionDays, Integer apiRequestsPerSecond,
                              Long monthlyPriceCents, Long overageCentsPer1000, Long maxRunningSeconds,
                              Integer maxCheckpointBytes, Integer endpointMaxInFlight) {
    }

    /** The plan a tenant is moved to. */
    public record AssignPlanRequest(String plan) {
    }

    /** A tenant and its plan. */
    public record TenantPlan(String tenantId, String plan, String previousPlan) {
    }

    @GetMapping("/api/v1/operator/plans")
    public Mono<Page<Plan>> plans() {
        return plans.findAll().collectList().map(items -> new Page<>(items, null));
    }

    @PutMapping("/api/v1/operator/plans/{code}")
    public Mono<Plan> savePlan(@PathVariable String code, @RequestBody PlanRequest request) {
        Plan plan = validate(code, request);
        return plans.save(plan)
                .then(Mono.fromRunnable(() -> events.publishEvent(new TenantPlanChanged(null))))
                .then(plans.find(code));
    }

    @PutMapping("/api/v1/operator/tenants/{tenantId}/plan")
    public Mono<TenantPlan> assignPlan(@AuthenticationPrincipal Caller caller, @PathVariable String tenantId,
                                       @RequestBody AssignPlanRequest request) {
        TenantId id = TenantId.parse(tenantId).orElseThrow(() -> ApiException.notFound("tenant " + tenantId));
        if (request.plan() == null || request.plan().isBlank()) {
            throw ApiException.invalid("plan", "is required");
        }
        return plans.find(request.plan())
                .switchIfEmpty(Mono.error(() -> new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "unknown_plan",
                        "there is no plan '" + request.plan() + "'")))
                .flatMap(plan -> tenants.setPlan(id, plan.code(), clock.instant())
                        .switchIfEmpty(Mono.error(() -> ApiException.notFound("tenant " + tenantId)))
                        .flatMap(previous -> audit.record(id, AuditEntry.by(caller, "plan.changed", "tenant",
                                        id.toString(), Map.of("from", previous, "to", plan.code())))
                                .thenReturn(new TenantPlan(id.toString(), plan.code(), previous))))
                .as(tx::transactional)
                // published once the transaction has committed (a Mono's value arrives before the commit):
                // listeners read the new plan
                .flux().last()
                .doOnNext(changed -> events.publishEvent(new TenantPlanChanged(id)));
    }

    private static Plan validate(String code, PlanRequest r) {
        Validation v = new Validation();
        v.require(code.matches("[a-z][a-z0-9_-]{1,31}"), "code", "is 2-32 lower-case letters, digits, '-' or '_'");
        String name = v.text(r.name(), "name", 1, 100);
        positive(r.maxJobs(), "maxJobs", 0, v);
        positive(r.executionsPerMonth(), "executionsPerMonth", 0, v);
        positive(r.dispatchRatePerSecond(), "dispatchRatePerSecond", 1, v);
        positive(r.dispatchBurst(), "dispatchBurst", 1, v);
        v.require(r.fairShareWeight() != null && r.fairShareWeight() >= 1 && r.fairShareWeight() <= 1000,
                "fairShareWeight", "must be between 1 and 1000");
        positive(r.minIntervalSeconds(), "minIntervalSeconds", 1, v);
        positive(r.maxPayloadBytes(), "maxPayloadBytes", 1, v);
        positive(r.historyRetentionDays(), "historyRetentionDays", 1, v);
        positive(r.apiRequestsPerSecond(), "apiRequestsPerSecond", 1, v);
        positive(r.monthlyPriceCents(), "monthlyPriceCents", 0, v);
        positive(r.overageCentsPer1000(), "overageCentsPer1000", 0, v);
        long maxRunning = r.maxRunningSeconds() == null ? Plan.DEFAULT_MAX_RUNNING_SECONDS : r.maxRunningSeconds();
        v.require(maxRunning >= 60 && maxRunning <= 366L * 86400, "maxRunningSeconds",
                "must be between 60 and 31622400 (366 days)");
        int maxCheckpoint = r.maxCheckpointBytes() == null ? Plan.DEFAULT_MAX_CHECKPOINT_BYTES : r.maxCheckpointBytes();
        v.require(maxCheckpoint >= 256 && maxCheckpoint <= 16 * 1024 * 1024, "maxCheckpointBytes",
                "must be between 256 and 16777216 (16 MiB)");
        v.require(r.endpointMaxInFlight() == null || r.endpointMaxInFlight() >= 1
                && r.endpointMaxInFlight() <= 100_000, "endpointMaxInFlight", "must be between 1 and 100000");
        v.check();
        return new Plan(code, name, r.maxJobs(), r.executionsPerMonth(), r.dispatchRatePerSecond(),
                r.dispatchBurst(), r.fairShareWeight(), r.minIntervalSeconds(), r.maxPayloadBytes(),
                r.historyRetentionDays(), r.apiRequestsPerSecond(), r.monthlyPriceCents(), r.overageCentsPer1000(),
                maxRunning, maxCheckpoint, r.endpointMaxInFlight());
    }

    private static void positive(Number value, String field, long min, Validation v) {
        v.require(value != null && value.longValue() >= min, field, value == null ? "is required"
                : "must be at least " + min);
    }
}
