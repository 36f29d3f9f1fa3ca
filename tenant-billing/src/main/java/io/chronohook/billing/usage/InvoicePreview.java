package io.chronohook.billing.usage;

import io.chronohook.billing.plan.Plan;

/**
 * What a billing period costs so far: the plan's monthly price, the executions it includes, and the overage beyond
 * them at the plan's price per started thousand executions.
 */
public record InvoicePreview(String plan, long monthlyPriceCents, long includedExecutions, long executions,
                             long overageExecutions, long overageCents, long totalCents) {

    public static InvoicePreview of(Plan plan, long executions) {
        long overage = Math.max(0, executions - plan.executionsPerMonth());
        long thousands = (overage + 999) / 1000;
        long overageCents = Math.multiplyExact(thousands, plan.overageCentsPer1000());
        return new InvoicePreview(plan.code(), plan.monthlyPriceCents(), plan.executionsPerMonth(), executions,
                overage, overageCents, Math.addExact(plan.monthlyPriceCents(), overageCents));
    }
}
