package io.chronohook.usage;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.usage.InvoicePreview;
import java.time.Instant;
import java.time.YearMonth;

/**
 * A month's invoice: {@code closed} once the month is over (stored, never changed after), {@code open} for the
 * current month (a preview of what it costs so far). The plan fee plus the overage: executions beyond those the plan
 * includes, charged per started thousand.
 */
public record Invoice(YearMonth month, String status, String plan, String planName, long monthlyPriceCents,
                      long includedExecutions, long executions, long attempts, long egressBytes,
                      long overageExecutions, long overageCentsPer1000, long overageCents, long totalCents,
                      Instant closedAt) {

    static final String CLOSED = "closed";
    static final String OPEN = "open";

    /** The month's invoice for {@code usage} on {@code plan}; closed at {@code closedAt}, or open when it is null. */
    static Invoice of(YearMonth month, Plan plan, Usage usage, Instant closedAt) {
        InvoicePreview preview = InvoicePreview.of(plan, usage.executions());
        return new Invoice(month, closedAt == null ? OPEN : CLOSED, plan.code(), plan.name(),
                preview.monthlyPriceCents(), preview.includedExecutions(), usage.executions(), usage.attempts(),
                usage.egressBytes(), preview.overageExecutions(), plan.overageCentsPer1000(), preview.overageCents(),
                preview.totalCents(), closedAt);
    }

    /** A month's usage totals. */
    record Usage(long executions, long attempts, long egressBytes) {

        static final Usage NONE = new Usage(0, 0, 0);
    }

    static final String CSV_HEADER = "month,status,plan,monthly_price_cents,included_executions,executions,attempts,"
            + "egress_bytes,overage_executions,overage_cents_per_1000,overage_cents,total_cents,closed_at";

    /** The invoice as one CSV line (no field needs quoting: plan codes are {@code [a-z0-9_-]}). */
    String csvLine() {
        return String.join(",", month.toString(), status, plan, Long.toString(monthlyPriceCents),
                Long.toString(includedExecutions), Long.toString(executions), Long.toString(attempts),
                Long.toString(egressBytes), Long.toString(overageExecutions), Long.toString(overageCentsPer1000),
                Long.toString(overageCents), Long.toString(totalCents), closedAt == null ? "" : closedAt.toString());
    }
}
