package io.chronohook.usage;

import io.chronohook.billing.plan.Plan;
import io.chronohook.billing.usage.InvoicePreview;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.YearMonth;

/**
 * A month's invoice: {@code closed} once the month is over (stored, never changed after), {@code open} for the
 * current month (a preview of what it costs so far). The plan fee plus the overage: executions beyond those the plan
 * includes, charged per started thousand.
 */
@Schema(description = "A month's invoice: `closed` once the month is over (never changed after), `open` for the "
        + "current month (a preview so far); the plan's monthly price plus the overage beyond its included executions, "
        + "charged per started thousand.")
public record Invoice(
        @Schema(description = "The month (UTC), as `YYYY-MM`.", type = "string", pattern = "^[0-9]{4}-[0-9]{2}$",
                example = "2026-03", requiredMode = Schema.RequiredMode.REQUIRED)
        YearMonth month,
        @Schema(description = "`open` for the current month (a preview, priced on the plan held now), `closed` for "
                + "a month that is over.", example = "closed", allowableValues = {"open", "closed"},
                requiredMode = Schema.RequiredMode.REQUIRED)
        String status,
        @Schema(description = "The code of the plan it is priced on (the plan held when the month closed).",
                example = "pro", requiredMode = Schema.RequiredMode.REQUIRED)
        String plan,
        @Schema(description = "That plan's name.", example = "Pro", requiredMode = Schema.RequiredMode.REQUIRED)
        String planName,
        @Schema(description = "The plan's monthly price, in cents.", example = "2900",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long monthlyPriceCents,
        @Schema(description = "The executions the plan includes.", example = "1000000",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long includedExecutions,
        @Schema(description = "The month's executions: runs whose first attempt fell in it.", example = "1204500",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long executions,
        @Schema(description = "The month's attempts, retries included.", example = "1250000",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long attempts,
        @Schema(description = "The bytes sent to the tenant's endpoints in the month.", example = "73400320",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long egressBytes,
        @Schema(description = "The executions beyond those included.", example = "204500",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long overageExecutions,
        @Schema(description = "The plan's price of each started thousand overage executions, in cents.",
                example = "50", requiredMode = Schema.RequiredMode.REQUIRED)
        long overageCentsPer1000,
        @Schema(description = "The overage's price, in cents.", example = "10250",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long overageCents,
        @Schema(description = "The monthly price plus the overage, in cents.", example = "13150",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long totalCents,
        @Schema(description = "When the invoice was closed; null while it is `open`.", example = "2026-04-01T00:05:00Z")
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
