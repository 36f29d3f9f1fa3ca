package io.chronohook.billing.plan;

/**
 * One plan of the catalogue: the quotas and rates a tenant on it gets. {@code maxRunningSeconds}: how long one attempt
 * of a long-running job may stay running; {@code maxCheckpointBytes}: the largest checkpoint (or result) it reports;
 * {@code endpointMaxInFlight}: the requests a tenant may have in flight to one host unless it set its own limits
 * (null: no limit).
 */
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
        long overageCentsPer1000,
        long maxRunningSeconds,
        int maxCheckpointBytes,
        Integer endpointMaxInFlight) {

    /** Long-running work's limits when none are given: an hour a run, 4 KiB checkpoints (the Free plan's). */
    public static final long DEFAULT_MAX_RUNNING_SECONDS = 3600;
    public static final int DEFAULT_MAX_CHECKPOINT_BYTES = 4096;

    /** A plan with the default limits of long-running work. */
    public Plan(String code, String name, long maxJobs, long executionsPerMonth, int dispatchRatePerSecond,
                int dispatchBurst, int fairShareWeight, int minIntervalSeconds, int maxPayloadBytes,
                int historyRetentionDays, int apiRequestsPerSecond, long monthlyPriceCents, long overageCentsPer1000) {
        this(code, name, maxJobs, executionsPerMonth, dispatchRatePerSecond, dispatchBurst, fairShareWeight,
                minIntervalSeconds, maxPayloadBytes, historyRetentionDays, apiRequestsPerSecond, monthlyPriceCents,
                overageCentsPer1000, DEFAULT_MAX_RUNNING_SECONDS, DEFAULT_MAX_CHECKPOINT_BYTES, null);
    }

    /** A plan with long-running limits and no default endpoint limit. */
    public Plan(String code, String name, long maxJobs, long executionsPerMonth, int dispatchRatePerSecond,
                int dispatchBurst, int fairShareWeight, int minIntervalSeconds, int maxPayloadBytes,
                int historyRetentionDays, int apiRequestsPerSecond, long monthlyPriceCents, long overageCentsPer1000,
                long maxRunningSeconds, int maxCheckpointBytes) {
        this(code, name, maxJobs, executionsPerMonth, dispatchRatePerSecond, dispatchBurst, fairShareWeight,
                minIntervalSeconds, maxPayloadBytes, historyRetentionDays, apiRequestsPerSecond, monthlyPriceCents,
                overageCentsPer1000, maxRunningSeconds, maxCheckpointBytes, null);
    }
}
