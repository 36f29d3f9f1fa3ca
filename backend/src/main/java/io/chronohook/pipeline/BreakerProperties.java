package io.chronohook.pipeline;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Circuit breakers, one per (tenant, target host): the failure rate that opens one over the last {@code window}
 * attempts (after at least {@code minimumCalls}), how long it stays open, and how many probes a half-open one lets by.
 */
@ConfigurationProperties("chronohook.breaker")
public record BreakerProperties(
        @DefaultValue("50") float failureRatePercent,
        @DefaultValue("20") int window,
        @DefaultValue("10") int minimumCalls,
        @DefaultValue("PT5S") Duration openFor,
        @DefaultValue("3") int halfOpenProbes) {

    public BreakerProperties {
        if (failureRatePercent <= 0 || failureRatePercent > 100) {
            throw new IllegalArgumentException("chronohook.breaker.failure-rate-percent must be in (0, 100]");
        }
        if (window < 1 || minimumCalls < 1 || halfOpenProbes < 1) {
            throw new IllegalArgumentException("chronohook.breaker window, minimum-calls and half-open-probes must be positive");
        }
        if (openFor.isNegative() || openFor.isZero()) {
            throw new IllegalArgumentException("chronohook.breaker.open-for must be positive");
        }
    }
}
