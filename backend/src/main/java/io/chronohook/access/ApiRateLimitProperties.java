package io.chronohook.access;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The per-tenant API rate limit ({@code chronohook.api.rate-limit.*}): how long a request waits for its tenant's
 * bucket in Redis before it goes through without the limit.
 */
@ConfigurationProperties("chronohook.api.rate-limit")
public record ApiRateLimitProperties(@DefaultValue("PT0.05S") Duration timeout) {

    public ApiRateLimitProperties {
        if (timeout.compareTo(Duration.ofMillis(1)) < 0 || timeout.compareTo(Duration.ofSeconds(5)) > 0) {
            throw new IllegalArgumentException("chronohook.api.rate-limit.timeout must be between PT0.001S and PT5S");
        }
    }
}
