package io.chronohook.billing.plan;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One plan of the catalogue: the quotas and rates a tenant on it gets. {@code maxRunningSeconds}: how long one attempt
 * of a long-running job may stay running; {@code maxCheckpointBytes}: the largest checkpoint (or result) it reports;
 * {@code endpointMaxInFlight}: the requests a tenant may have in flight to one host unless it set its own limits
 * (null: no limit).
 */
@Schema(description = "A plan of the catalogue: the quotas, rates and prices a tenant on it gets.")
public record Plan(
        @Schema(description = "The plan's code, which tenants are assigned by: 2–32 lower-case letters, digits, `-` "
                + "or `_`.", example = "pro", requiredMode = Schema.RequiredMode.REQUIRED)
        String code,
        @Schema(description = "The plan's name, as shown.", example = "Pro",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String name,
        @Schema(description = "How many jobs a tenant may have (active and paused ones count); 9223372036854775807 "
                + "for no limit.", example = "2000", requiredMode = Schema.RequiredMode.REQUIRED)
        long maxJobs,
        @Schema(description = "The executions (runs first attempted) a month includes; beyond them a plan with an "
                + "overage price bills overage and one without holds the runs; 9223372036854775807 for no limit.",
                example = "1000000", requiredMode = Schema.RequiredMode.REQUIRED)
        long executionsPerMonth,
        @Schema(description = "The tenant's runs dispatched per second (its token bucket's refill).", example = "50",
                requiredMode = Schema.RequiredMode.REQUIRED)
        int dispatchRatePerSecond,
        @Schema(description = "The runs dispatched at once after a quiet spell (its token bucket's size).",
                example = "200", requiredMode = Schema.RequiredMode.REQUIRED)
        int dispatchBurst,
        @Schema(description = "The tenant's weight in the round-robin between tenants when the installation is "
                + "busy: 1–1,000.", example = "4", requiredMode = Schema.RequiredMode.REQUIRED)
        int fairShareWeight,
        @Schema(description = "The shortest interval between a cron or interval schedule's fires, in seconds.",
                example = "10", requiredMode = Schema.RequiredMode.REQUIRED)
        int minIntervalSeconds,
        @Schema(description = "The largest request body a job may send, in bytes.", example = "262144",
                requiredMode = Schema.RequiredMode.REQUIRED)
        int maxPayloadBytes,
        @Schema(description = "For how many days the tenant sees its runs; older ones leave the lists and answer "
                + "`410 history_expired`.", example = "30", requiredMode = Schema.RequiredMode.REQUIRED)
        int historyRetentionDays,
        @Schema(description = "The API requests per second a tenant may make, in bursts of twice as many.",
                example = "50", requiredMode = Schema.RequiredMode.REQUIRED)
        int apiRequestsPerSecond,
        @Schema(description = "The monthly price, in cents.", example = "2900",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long monthlyPriceCents,
        @Schema(description = "The price of each started thousand executions beyond those included, in cents; 0 "
                + "for none (the plan then holds the runs beyond them).", example = "50",
                requiredMode = Schema.RequiredMode.REQUIRED)
        long overageCentsPer1000,
        @Schema(description = "How long one attempt of a long-running job may run after its receiver's `202`, in "
                + "seconds.", example = "86400", requiredMode = Schema.RequiredMode.REQUIRED)
        long maxRunningSeconds,
        @Schema(description = "The largest checkpoint or result a long-running job may report, in bytes.",
                example = "65536", requiredMode = Schema.RequiredMode.REQUIRED)
        int maxCheckpointBytes,
        @Schema(description = "How many requests a tenant may have in flight to one target host until it sets "
                + "limits of its own for the host; null for no limit.", example = "100")
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
