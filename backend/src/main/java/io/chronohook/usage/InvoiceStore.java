package io.chronohook.usage;

import io.chronohook.billing.tenant.TenantId;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Monthly usage totals from the daily counters, and the closed invoices. */
@Repository
public class InvoiceStore {

    static final String USAGE_OF_TENANTS = """
            select tenant_id, sum(executions) as executions, sum(attempts) as attempts,
                   sum(egress_bytes) as egress_bytes
              from usage_daily
             where tenant_id = any(cast(:tenantIds as uuid[])) and day >= :from and day < :to
             group by tenant_id
            """;

    /** Tenants that existed in the month and have no invoice for it yet, with their plan. */
    static final String UNCLOSED = """
            select t.id, t.plan_code from tenant t
             where t.created_at < :monthEnd
               and not exists (select 1 from invoice i where i.tenant_id = t.id and i.month = :month)
             order by t.id
             limit :limit
            """;

    static final String INSERT = """
            insert into invoice (tenant_id, month, plan_code, plan_name, monthly_price_cents, included_executions,
                                 executions, attempts, egress_bytes, overage_executions, overage_cents_per_1000,
                                 overage_cents, total_cents, closed_at)
            values (:tenantId, :month, :plan, :planName, :monthlyPriceCents, :includedExecutions, :executions,
                    :attempts, :egressBytes, :overageExecutions, :overageCentsPer1000, :overageCents, :totalCents,
                    :closedAt)
            on conflict (tenant_id, month) do nothing
            """;

    private static final String COLUMNS = """
            month, plan_code, plan_name, monthly_price_cents, included_executions, executions, attempts, egress_bytes,
            overage_executions, overage_cents_per_1000, overage_cents, total_cents, closed_at
            """;

    static final String CLOSED = "select " + COLUMNS + """
              from invoice where tenant_id = :tenantId order by month desc
            """;

    static final String CLOSED_ONE = "select " + COLUMNS + """
              from invoice where tenant_id = :tenantId and month = :month
            """;

    private final DatabaseClient db;

    public InvoiceStore(DatabaseClient db) {
        this.db = db;
    }

    /** A tenant waiting for its invoice of a month, on its current plan. */
    record Unclosed(TenantId tenantId, String planCode) {
    }

    Flux<Unclosed> unclosed(YearMonth month, int limit) {
        return db.sql(UNCLOSED).bind("month", month.atDay(1))
                .bind("monthEnd", month.plusMonths(1).atDay(1).atStartOfDay().atOffset(ZoneOffset.UTC))
                .bind("limit", limit)
                .map(row -> new Unclosed(new TenantId(row.get("id", UUID.class)), row.get("plan_code", String.class)))
                .all();
    }

    /** Each tenant's usage totals in the month (tenants without any are absent). */
    Mono<Map<TenantId, Invoice.Usage>> usage(List<TenantId> tenants, YearMonth month) {
        return db.sql(USAGE_OF_TENANTS)
                .bind("tenantIds", tenants.stream().map(TenantId::value).toArray(UUID[]::new))
                .bind("from", month.atDay(1)).bind("to", month.plusMonths(1).atDay(1))
                .map(row -> Map.entry(new TenantId(row.get("tenant_id", UUID.class)), new Invoice.Usage(
                        row.get("executions", Long.class), row.get("attempts", Long.class),
                        row.get("egress_bytes", Long.class))))
                .all().collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /** Stores a closed invoice; one already stored for the month is kept as it is. */
    Mono<Long> insert(TenantId tenantId, Invoice invoice) {
        return db.sql(INSERT)
                .bind("tenantId", tenantId.value()).bind("month", invoice.month().atDay(1))
                .bind("plan", invoice.plan()).bind("planName", invoice.planName())
                .bind("monthlyPriceCents", invoice.monthlyPriceCents())
                .bind("includedExecutions", invoice.includedExecutions())
                .bind("executions", invoice.executions()).bind("attempts", invoice.attempts())
                .bind("egressBytes", invoice.egressBytes()).bind("overageExecutions", invoice.overageExecutions())
                .bind("overageCentsPer1000", invoice.overageCentsPer1000())
                .bind("overageCents", invoice.overageCents()).bind("totalCents", invoice.totalCents())
                .bind("closedAt", invoice.closedAt().atOffset(ZoneOffset.UTC))
                .fetch().rowsUpdated();
    }

    /** The tenant's closed invoices, newest first. */
    Flux<Invoice> closed(TenantId tenantId) {
        return db.sql(CLOSED).bind("tenantId", tenantId.value()).map(InvoiceStore::toInvoice).all();
    }

    Mono<Invoice> closed(TenantId tenantId, YearMonth month) {
        return db.sql(CLOSED_ONE).bind("tenantId", tenantId.value()).bind("month", month.atDay(1))
                .map(InvoiceStore::toInvoice).one();
    }

    private static Invoice toInvoice(Readable row) {
        Instant closedAt = row.get("closed_at", OffsetDateTime.class).toInstant();
        return new Invoice(YearMonth.from(row.get("month", LocalDate.class)), Invoice.CLOSED,
                row.get("plan_code", String.class), row.get("plan_name", String.class),
                row.get("monthly_price_cents", Long.class), row.get("included_executions", Long.class),
                row.get("executions", Long.class), row.get("attempts", Long.class),
                row.get("egress_bytes", Long.class), row.get("overage_executions", Long.class),
                row.get("overage_cents_per_1000", Long.class), row.get("overage_cents", Long.class),
                row.get("total_cents", Long.class), closedAt);
    }
}
