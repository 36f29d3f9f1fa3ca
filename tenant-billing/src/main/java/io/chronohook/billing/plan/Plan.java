package io.chronohook.billing.plan;

/** One plan of the catalogue: the quotas and rates a tenant on it gets. */
public record Plan(
        String code,
        String name,
        long maxJobs,
        long executionsPerMonth,
        int dispatchRatePerSecond,
        int dispatchBurst,
        int fairShareWeight,
        int minIntervalSeconds,
        int maxPayloadBytes,
        int historyRetentionDays,
        int apiRequestsPerSecond,
        long monthlyPriceCents,
        long overageCentsPer1000) {
}
