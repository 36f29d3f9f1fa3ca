package io.chronohook.dashboard.backend;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One target host of the tenant: its circuit breaker, the last day's deliveries, and its flow limits (null when it
 * has none) with the requests in flight now and the runs waiting for capacity.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Endpoint(String host, String circuitState, long attempts24h, Double successRate, Instant lastAttemptAt,
                       String lastError, Instant lastErrorAt, Limits limits) {

    /** A host's or a key's limits: requests in flight at most, a rate; {@code source} tenant or plan. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Limits(Integer maxInFlight, Rate rate, String source, long inFlight, long waiting) {
    }

    /** {@code limit} requests per {@code period} (ISO-8601), bursts up to {@code burst}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Rate(int limit, String period, int burst) {
    }
}
