package io.chronohook.alert;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Alert settings ({@code chronohook.alerts.*}): how the sender takes and retries alerts, how often missed windows are
 * looked for, how long finished alerts are kept, and the defaults of a tenant's settings.
 */
@ConfigurationProperties("chronohook.alerts")
public record AlertProperties(
        @DefaultValue("PT1S") Duration interval,
        @DefaultValue("50") int batch,
        @DefaultValue("12") int maxAttempts,
        @DefaultValue("PT10S") Duration initialRetryDelay,
        @DefaultValue("PT1H") Duration maxRetryDelay,
        @DefaultValue("PT10S") Duration timeout,
        @DefaultValue("PT5S") Duration scanInterval,
        @DefaultValue("PT5M") Duration scanLookback,
        @DefaultValue("P30D") Duration retention,
        @DefaultValue Defaults defaults) {

    public AlertProperties {
        if (batch < 1 || batch > 1000) {
            throw new IllegalArgumentException("chronohook.alerts.batch must be between 1 and 1000");
        }
        if (maxAttempts < 1 || maxAttempts > 50) {
            throw new IllegalArgumentException("chronohook.alerts.max-attempts must be between 1 and 50");
        }
        requirePositive(interval, "interval");
        requirePositive(initialRetryDelay, "initial-retry-delay");
        requirePositive(scanInterval, "scan-interval");
        requirePositive(scanLookback, "scan-lookback");
        requirePositive(retention, "retention");
        if (maxRetryDelay.compareTo(initialRetryDelay) < 0) {
            throw new IllegalArgumentException("chronohook.alerts.max-retry-delay must not be below initial-retry-delay");
        }
        if (timeout.compareTo(Duration.ofSeconds(1)) < 0 || timeout.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("chronohook.alerts.timeout must be between PT1S and PT1M");
        }
    }

    /** What a tenant's settings hold when it leaves a field out ({@code chronohook.alerts.defaults.*}). */
    public record Defaults(
            @DefaultValue("5") int failingThreshold,
            @DefaultValue("PT60S") Duration missedWindowAfter,
            @DefaultValue("PT1H") Duration cooldown) {

        public Defaults {
            if (failingThreshold < AlertLimits.MIN_THRESHOLD || failingThreshold > AlertLimits.MAX_THRESHOLD) {
                throw new IllegalArgumentException("chronohook.alerts.defaults.failing-threshold must be between "
                        + AlertLimits.MIN_THRESHOLD + " and " + AlertLimits.MAX_THRESHOLD);
            }
            if (!AlertLimits.missedWindowAllowed(missedWindowAfter)) {
                throw new IllegalArgumentException("chronohook.alerts.defaults.missed-window-after must be between "
                        + AlertLimits.MIN_MISSED_WINDOW + " and " + AlertLimits.MAX_MISSED_WINDOW);
            }
            if (!AlertLimits.cooldownAllowed(cooldown)) {
                throw new IllegalArgumentException("chronohook.alerts.defaults.cooldown must be between "
                        + AlertLimits.MIN_COOLDOWN + " and " + AlertLimits.MAX_COOLDOWN);
            }
        }
    }

    private static void requirePositive(Duration value, String name) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("chronohook.alerts." + name + " must be positive");
        }
    }
}
