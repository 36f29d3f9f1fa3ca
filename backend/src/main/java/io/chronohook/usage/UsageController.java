package io.chronohook.usage;

import io.chronohook.access.Caller;
import io.chronohook.batcher.ExecutionQuota;
import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.usage.InvoicePreview;
import io.chronohook.job.JobCounter;
import io.chronohook.job.TenantPlans;
import io.chronohook.schedule.QuotaHoldStore;
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
    public record Day(LocalDate day, long executions, long attempts, long egressBytes) {
    }

    /**
     * Usage of the current period against the plan. {@code capped}: the plan stops at its included executions (no
     * overage price); {@code quotaExceededRuns}: runs of the period held because they were spent.
     */
    public record Usage(Plan plan, Instant periodStart, Instant periodEnd, long executions, long attempts,
                        long egressBytes, long jobs, boolean capped, long quotaExceededRuns, List<Day> days,
                        InvoicePreview invoice) {
    }

    @GetMapping("/api/v1/usage")
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
