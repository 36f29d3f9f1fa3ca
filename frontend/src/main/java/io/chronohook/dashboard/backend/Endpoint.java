package io.chronohook.dashboard.backend;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** One target host of the tenant: its circuit breaker and the last day's deliveries. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Endpoint(String host, String circuitState, long attempts24h, Double successRate, Instant lastAttemptAt,
                       String lastError, Instant lastErrorAt) {
}
