package io.chronohook.operator;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.plan.PlanStore;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@Tag(name = ApiTags.OPERATOR)
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
    @Schema(description = "A plan's limits and prices as the operator sets them; all required but the limits of "
            + "long-running work and the default limit per target host.")
    public record PlanRequest(
            @Schema(description = "The plan's name, as shown: 1–100 characters.", example = "Pro",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String name,
            @Schema(description = "How many jobs a tenant may have (active and paused ones count): at least 0; "
                    + "9223372036854775807 for no limit.", example = "2000",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Long maxJobs,
            @Schema(description = "The executions a month includes: at least 0; 9223372036854775807 for no limit.",
                    example = "1000000", requiredMode = Schema.RequiredMode.REQUIRED)
            Long executionsPerMonth,
            @Schema(description = "A tenant's runs dispatched per second: at least 1.", example = "50",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Integer dispatchRatePerSecond,
            @Schema(description = "The runs dispatched at once after a quiet spell: at least 1.", example = "200",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Integer dispatchBurst,
            @Schema(description = "The tenant's weight between tenants when the installation is busy: 1–1,000.",
                    example = "4", requiredMode = Schema.RequiredMode.REQUIRED)
            Integer fairShareWeight,
            @Schema(description = "The shortest interval between a schedule's fires, in seconds: at least 1.",
                    example = "10", requiredMode = Schema.RequiredMode.REQUIRED)
            Integer minIntervalSeconds,
            @Schema(description = "The largest request body a job may send, in bytes: at least 1.", example = "262144",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Integer maxPayloadBytes,
            @Schema(description = "For how many days a tenant sees its runs: at least 1.", example = "30",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Integer historyRetentionDays,
            @Schema(description = "The API requests per second a tenant may make (bursts of twice as many): at least "
                    + "1.", example = "50", requiredMode = Schema.RequiredMode.REQUIRED)
            Integer apiRequestsPerSecond,
            @Schema(description = "The monthly price, in cents: at least 0.", example = "2900",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Long monthlyPriceCents,
            @Schema(description = "The price of each started thousand executions beyond those included, in cents: at "
                    + "least 0; 0 holds the runs beyond them instead.", example = "50",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Long overageCentsPer1000,
            @Schema(description = "How long one attempt of a long-running job may run after its receiver's `202`, in "
                    + "seconds: 60–31,622,400 (366 days); default 3600.", example = "86400")
            Long maxRunningSeconds,
            @Schema(description = "The largest checkpoint or result a long-running job may report, in bytes: "
                    + "256–16,777,216 (16 MiB); default 4096.", example = "65536")
            Integer maxCheckpointBytes,
            @Schema(description = "How many requests a tenant may have in flight to one target host until it sets "
                    + "limits of its own: 1–100,000; left out for no limit.", example = "100")
            Integer endpointMaxInFlight) {
    }

    /** The plan a tenant is moved to. */
    @Schema(description = "The plan a tenant is moved to.")
    public record AssignPlanRequest(
            @Schema(description = "The plan's code.", example = "pro", requiredMode = Schema.RequiredMode.REQUIRED)
            String plan) {
    }

    /** A tenant and its plan. */
    @Schema(description = "A tenant moved to a plan, and the plan it was on.")
    public record TenantPlan(
            @Schema(description = "The tenant's id.", example = "ten_3f2c9a1b7d4e4f60a8b5c2d1e0f9a7b6",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String tenantId,
            @Schema(description = "The code of the plan it is on now.", example = "pro",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String plan,
            @Schema(description = "The code of the plan it was on.", example = "free",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String previousPlan) {
    }

    @GetMapping("/api/v1/operator/plans")
    @Operation(operationId = "listPlans", summary = "List plans",
            description = "Every plan of the catalogue with its limits and prices, in one page (`nextCursor` is "
                    + "null). Needs the operator token.")
    @ApiResponse(responseCode = "200", description = "The plans.")
    public Mono<Page<Plan>> plans() {
        return plans.findAll().collectList().map(items -> new Page<>(items, null));
    }

    @PutMapping("/api/v1/operator/plans/{code}")
    @Operation(operationId = "savePlan", summary = "Create or replace a plan",
            description = "Creates the plan, or replaces all its limits and prices (a field of long-running work left "
                    + "out goes back to its default, a left-out `endpointMaxInFlight` to no limit). The tenants on it "
                    + "get the new limits at once on this instance, within 10 s on the others, and their runs "
                    + "held by the execution quota are released as far as it has room. Needs the operator token.")
    @ApiResponse(responseCode = "200", description = "The plan, as saved.")
    public Mono<Plan> savePlan(@Parameter(description = "The plan's code: 2–32 lower-case letters, digits, `-` or "
                                       + "`_`, starting with a letter.", example = "pro")
                               @PathVariable String code,
                               @RequestBody PlanRequest request) {
        Plan plan = validate(code, request);
        return plans.save(plan)
                .then(Mono.fromRunnable(() -> events.publishEvent(new TenantPlanChanged(null))))
                .then(plans.find(code));
    }

    @PutMapping("/api/v1/operator/tenants/{tenantId}/plan")
    @Operation(operationId = "assignPlan", summary = "Move a tenant to a plan",
            description = "Puts the tenant on the plan: its limits apply at once on this instance, within 10 s on the "
                    + "others; the runs of the month held by the execution quota are released, as many as the new plan "
                    + "has room for. "
                    + "Audited in the tenant's log as `plan.changed`, with `from` and `to`. Needs the operator token.")
    @ApiResponse(responseCode = "200", description = "The tenant with its new plan and the previous one.")
    @ApiResponse(responseCode = "404", description = "`not_found`: no tenant has this id.")
    @ApiResponse(responseCode = "422", description = "`unknown_plan`: no plan has this code.")
    public Mono<TenantPlan> assignPlan(@AuthenticationPrincipal Caller caller,
                                       @Parameter(description = "The tenant's id (`ten_…`).",
                                               example = "ten_3f2c9a1b7d4e4f60a8b5c2d1e0f9a7b6")
                                       @PathVariable String tenantId,
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
