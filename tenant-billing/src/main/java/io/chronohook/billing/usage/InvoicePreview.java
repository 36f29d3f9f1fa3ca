package io.chronohook.billing.usage;

import io.chronohook.billing.plan.Plan;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a billing period costs so far: the plan's monthly price, the executions it includes, and the overage beyond
 * them at the plan's price per started thousand executions.
 */
@Schema(description = "What the current month costs so far: the plan's monthly price plus the overage beyond the "
        + "executions it includes, charged per started thousand.")
public record InvoicePreview(
        @Schema(description = "The plan's code.", example = "pro", requiredMode = Schema.RequiredMode.REQUIRED)
        String plan,
        @Schema(description = "The plan's monthly price, in cents.", example = "2900",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long monthlyPriceCents,
        @Schema(description = "The executions the plan includes each month.", example = "1000000",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long includedExecutions,
        @Schema(description = "The executions so far this month: runs whose first attempt fell in it.",
                example = "1204500", requiredMode = Schema.RequiredMode.REQUIRED)
        long executions,
        @Schema(description = "The executions beyond those included.", example = "204500",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long overageExecutions,
        @Schema(description = "The overage's price, in cents: each started thousand of overage executions at the "
                + "plan's `overageCentsPer1000`.", example = "10250", requiredMode = Schema.RequiredMode.REQUIRED)
        long overageCents,
        @Schema(description = "The monthly price plus the overage, in cents.", example = "13150",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long totalCents) {

    public static InvoicePreview of(Plan plan, long executions) {
        long overage = Math.max(0, executions - plan.executionsPerMonth());
        long thousands = (overage + 999) / 1000;
        long overageCents = Math.multiplyExact(thousands, plan.overageCentsPer1000());
        return new InvoicePreview(plan.code(), plan.monthlyPriceCents(), plan.executionsPerMonth(), executions,
                overage, overageCents, Math.addExact(plan.monthlyPriceCents(), overageCents));
    }
}
