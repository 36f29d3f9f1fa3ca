package io.chronohook.access;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The per-tenant API rate limit ({@code chronohook.api.rate-limit.*}): how long a request waits for its tenant's
 * bucket in Redis before it goes through without the limit, and how long (and for how many requests: the plan's
 * rate over that time) an instance answers from its own copy of the bucket before it settles with Redis.
 */
@ConfigurationProperties("chronohook.api.rate-limit")
public record ApiRateLimitProperties(@DefaultValue("PT0.05S") Duration timeout,
                                     @DefaultValue("PT0.1S") Duration unsettled) {

    public ApiRateLimitProperties {
        if (timeout.compareTo(Duration.ofMillis(1)) < 0 || timeout.compareTo(Duration.ofSeconds(5)) > 0) {
            throw new IllegalArgumentException("chronohook.api.rate-limit.timeout must be between PT0.001S and PT5S");
        }
        if (unsettled.isNegative() || unsettled.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("chronohook.api.rate-limit.unsettled must be between PT0S and PT1S");
        }
    }
}
