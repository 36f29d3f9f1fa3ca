package io.chronohook.usage;

import io.chronohook.access.Caller;
import io.chronohook.batcher.ExecutionQuota;
import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.usage.InvoicePreview;
import io.chronohook.job.JobCounter;
import io.chronohook.job.TenantPlans;
import io.chronohook.platform.ApiTags;
import io.chronohook.schedule.QuotaHoldStore;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/usage}: the tenant's plan, its usage in the current billing period (the calendar month, UTC)
 * and the invoice preview. An execution is a run whose first attempt fell in the period — counted once however many
 * retries it took. Usage is read from daily counters that the statement recording attempts adds to, from the rows it
 * inserted, so a crash, a retried write or a replay neither loses nor doubles one — and no run history is scanned.
 */
@RestController
@Tag(name = ApiTags.USAGE)
public class UsageController {

    /** The period's days with usage, from the daily counters written as outcomes are recorded. */
    static final String BY_DAY = """
            select day, executions, attempts, egress_bytes from usage_daily
             where tenant_id = :tenantId and day >= :from and day < :to
             order by day
            """;

    private final DatabaseClient db;
    private final TenantPlans plans;
    private final QuotaHoldStore holds;
    private final JobCounter jobCounter;
    private final Clock clock;

    public UsageController(DatabaseClient db, TenantPlans plans, QuotaHoldStore holds, JobCounter jobCounter,
                           Clock clock) {
        this.db = db;
        this.plans = plans;
        this.holds = holds;
        this.jobCounter = jobCounter;
        this.clock = clock;
    }

    /** Usage on one day: executions, attempts and bytes sent. */
    @Schema(description = "Usage on one day (UTC): executions, attempts and bytes sent.")
    public record Day(
            @Schema(description = "The day, in UTC.", example = "2026-03-02",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            LocalDate day,
            @Schema(description = "Executions whose first attempt started that day.", example = "41200",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long executions,
            @Schema(description = "Attempts that finished that day, retries included.", example = "42750",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long attempts,
            @Schema(description = "Bytes sent to the tenant's endpoints that day: request line, headers and body of "
                    + "every attempt that went out.", example = "2510336", requiredMode = Schema.RequiredMode.REQUIRED)
            long egressBytes) {
    }

    /**
     * Usage of the current period against the plan. {@code capped}: the plan stops at its included executions (no
     * overage price); {@code quotaExceededRuns}: runs of the period held because they were spent.
     */
    @Schema(description = "The tenant's usage in the current billing period (the calendar month, UTC) against its "
            + "plan, with the invoice so far.")
    public record Usage(
            @Schema(description = "The tenant's plan.", requiredMode = Schema.RequiredMode.REQUIRED)
            Plan plan,
            @Schema(description = "The start of the billing period: the first of the month, 00:00 UTC.",
                    example = "2026-03-01T00:00:00Z", requiredMode = Schema.RequiredMode.REQUIRED)
            Instant periodStart,
            @Schema(description = "The end of the billing period (excluded): the first of the next month, 00:00 UTC.",
                    example = "2026-04-01T00:00:00Z", requiredMode = Schema.RequiredMode.REQUIRED)
            Instant periodEnd,
            @Schema(description = "Executions in the period: runs whose first attempt fell in it, each counted once "
                    + "however many retries it took.", example = "1204500", requiredMode = Schema.RequiredMode.REQUIRED)
            long executions,
            @Schema(description = "Attempts that finished in the period, retries included.", example = "1250000",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long attempts,
            @Schema(description = "Bytes sent to the tenant's endpoints in the period: request line, headers and body "
                    + "of every attempt that went out.", example = "73400320",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long egressBytes,
            @Schema(description = "The tenant's live jobs (active and paused), as counted against `plan.maxJobs`.",
                    example = "312", requiredMode = Schema.RequiredMode.REQUIRED)
            long jobs,
            @Schema(description = "Whether the plan stops at its included executions (no overage price): runs beyond "
                    + "them are held (state `quota_exceeded`) rather than billed.", example = "false",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            boolean capped,
            @Schema(description = "Runs of the period held (state `quota_exceeded`) because the month's executions "
                    + "were spent.", example = "0", requiredMode = Schema.RequiredMode.REQUIRED)
            long quotaExceededRuns,
            @Schema(description = "The period's days with usage, oldest first; days without any are left out.",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            List<Day> days,
            @Schema(description = "What the period costs so far.", requiredMode = Schema.RequiredMode.REQUIRED)
            InvoicePreview invoice) {
    }

    @GetMapping("/api/v1/usage")
    @Operation(operationId = "getUsage", summary = "Get the month's usage",
            description = "The tenant's plan, its usage in the current billing period (the calendar month, UTC): "
                    + "executions, attempts, bytes sent, live jobs, runs held by the execution quota, usage per day, "
                    + "and the invoice preview (the plan's price plus the overage beyond the included executions, per "
                    + "started thousand). Read from daily counters, so it stays fast however much history is kept. "
                    + "Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The plan, the period's usage and the invoice so far.")
    public Mono<Usage> usage(@AuthenticationPrincipal Caller caller) {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        Instant from = today.withDayOfMonth(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant to = today.withDayOfMonth(1).plusMonths(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Mono<List<Day>> days = db.sql(BY_DAY)
                .bind("tenantId", caller.tenantId().value())
                .bind("from", LocalDate.ofInstant(from, ZoneOffset.UTC))
                .bind("to", LocalDate.ofInstant(to, ZoneOffset.UTC))
                .map(row -> new Day(row.get("day", LocalDate.class), row.get("executions", Long.class),
                        row.get("attempts", Long.class), row.get("egress_bytes", Long.class)))
                .all().collectList();
        Mono<Long> jobs = jobCounter.live(caller.tenantId());
        Mono<Long> held = holds.held(caller.tenantId(), from)
                .map(counts -> counts.getOrDefault(caller.tenantId(), 0L));
        return Mono.zip(plans.of(caller.tenantId()), days, jobs, held).map(t -> {
            long executions = t.getT2().stream().mapToLong(Day::executions).sum();
            long attempts = t.getT2().stream().mapToLong(Day::attempts).sum();
            long egress = t.getT2().stream().mapToLong(Day::egressBytes).sum();
            return new Usage(t.getT1(), from, to, executions, attempts, egress, t.getT3(),
                    ExecutionQuota.capped(t.getT1()), t.getT4(), t.getT2(), InvoicePreview.of(t.getT1(), executions));
        });
    }
}
