package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The installation's pulse over the last window ({@code GET /api/v1/operator/stats}), for the operator page. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OperatorStats(Instant at, String window, FireLag fireLag, double deliveriesPerSecond,
                            double attemptsPerSecond, Map<String, Long> outcomes, Queues queues,
                            List<TenantDepth> busiestTenants) {

    public OperatorStats {
        outcomes = outcomes == null ? Map.of() : Map.copyOf(outcomes);
        busiestTenants = busiestTenants == null ? List.of() : List.copyOf(busiestTenants);
    }

    /** Delivered − scheduled, over the runs first attempted in the window. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FireLag(long samples, Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs) {
    }

    /** Where runs wait right now. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Queues(long gate, long ready, long retryWait, long deadRuns) {
    }

    /** A tenant with released runs waiting for dispatch. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TenantDepth(String tenantId, long ready) {
    }
}
