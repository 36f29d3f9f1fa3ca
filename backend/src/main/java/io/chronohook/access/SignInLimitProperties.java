package io.chronohook.access;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Limits of the unauthenticated calls ({@code POST /api/v1/auth/token}, {@code POST /api/v1/signup}), kept in Redis so
 * every instance shares them: sign-in attempts and sign-ups per client address, and an account lockout that doubles
 * with every further failure. {@code trustedProxies} are the peers (CIDR) whose {@code X-Forwarded-For} is believed.
 * {@code redisTimeout} is the longest a call waits for Redis to count it; past it the call goes through unlimited.
 */
@ConfigurationProperties("chronohook.auth.limits")
public record SignInLimitProperties(
        @DefaultValue("20") int signInsPerAddressPerMinute,
        @DefaultValue("10") int signUpsPerAddressPerHour,
        @DefaultValue("5") int failuresBeforeLockout,
        @DefaultValue("PT30S") Duration firstLockout,
        @DefaultValue("PT15M") Duration longestLockout,
        @DefaultValue("PT24H") Duration failuresRemembered,
        @DefaultValue({"127.0.0.0/8", "::1/128"}) List<String> trustedProxies,
        @DefaultValue("PT1S") Duration redisTimeout) {

    public SignInLimitProperties {
        require(signInsPerAddressPerMinute >= 1, "sign-ins-per-address-per-minute must be at least 1");
        require(signUpsPerAddressPerHour >= 1, "sign-ups-per-address-per-hour must be at least 1");
        require(failuresBeforeLockout >= 1, "failures-before-lockout must be at least 1");
        require(firstLockout.isPositive(), "first-lockout must be positive");
        require(longestLockout.compareTo(firstLockout) >= 0, "longest-lockout must be at least first-lockout");
        require(failuresRemembered.compareTo(longestLockout) >= 0, "failures-remembered must be at least longest-lockout");
        require(redisTimeout.isPositive(), "redis-timeout must be positive");
        trustedProxies = List.copyOf(trustedProxies);
    }

    private static void require(boolean holds, String message) {
        if (!holds) {
            throw new IllegalArgumentException("chronohook.auth.limits." + message);
        }
    }
}
