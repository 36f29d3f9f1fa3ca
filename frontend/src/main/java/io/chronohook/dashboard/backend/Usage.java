package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Usage of the current billing period against the plan ({@code GET /api/v1/usage}). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Usage(Plan plan, Instant periodStart, Instant periodEnd, long executions, long attempts, long jobs,
                    boolean capped, long quotaExceededRuns, List<Day> days, Invoice invoice) {

    public Usage {
        days = days == null ? List.of() : List.copyOf(days);
    }

    /** The plan's quotas and prices. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Plan(String code, String name, long maxJobs, long executionsPerMonth, int dispatchRatePerSecond,
                       int dispatchBurst, int fairShareWeight, int minIntervalSeconds, int maxPayloadBytes,
                       int historyRetentionDays, int apiRequestsPerSecond, long monthlyPriceCents,
                       long overageCentsPer1000) {
    }

    /** Executions on one day. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Day(LocalDate day, long executions) {
    }

    /** What the period costs so far. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Invoice(String plan, long monthlyPriceCents, long includedExecutions, long executions,
                          long overageExecutions, long overageCents, long totalCents) {
    }
}
