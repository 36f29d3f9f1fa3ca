package io.chronohook.dispatch.retry;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with jitter. After the n-th failed attempt the ceiling is {@code initial · 2^n}, capped by
 * {@code max}; the delay is drawn uniformly between {@code initial} and the ceiling, so retries of many runs that
 * failed together spread out, yet none comes back sooner than {@code initial}. A receiver's {@code Retry-After} is
 * honoured — never less than it asked, never less than {@code initial} — and clamped to {@code max}.
 */
public final class Backoff {

    private Backoff() {
    }

    /** The largest delay after {@code failedAttempts} failures (1 for the first). */
    public static Duration ceiling(int failedAttempts, Duration initial, Duration max) {
        if (failedAttempts < 1) {
            throw new IllegalArgumentException("failedAttempts must be at least 1");
        }
        int doublings = Math.min(failedAttempts, 40);
        long millis = initial.toMillis();
        long ceiling = millis > (Long.MAX_VALUE >> doublings) ? Long.MAX_VALUE : millis << doublings;
        return Duration.ofMillis(Math.min(ceiling, max.toMillis()));
    }

    /** The delay before the next attempt after {@code failedAttempts} failures. */
    public static Duration delay(int failedAttempts, Duration initial, Duration max, Duration retryAfter,
                                 RandomGenerator random) {
        if (retryAfter != null) {
            Duration asked = retryAfter.compareTo(initial) < 0 ? initial : retryAfter;
            return asked.compareTo(max) > 0 ? max : asked;
        }
        long low = Math.min(initial.toMillis(), max.toMillis());
        long high = ceiling(failedAttempts, initial, max).toMillis();
        return Duration.ofMillis(high <= low ? low : random.nextLong(low, high + 1));
    }
}
