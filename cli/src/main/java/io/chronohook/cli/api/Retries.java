package io.chronohook.cli.api;

import java.time.Duration;
import java.util.Optional;

/**
 * When to send a request again by itself: only after an answer that says nothing was done and when to come back —
 * {@code 429} over the plan's request rate, {@code 503} while the database is away — and only for a short wait, so a
 * listing of many pages or a long tail rides over a brief limit instead of failing.
 */
public final class Retries {

    /** How many times one request is sent again at most. */
    static final int MAX_RETRIES = 3;
    /** The longest {@code Retry-After} waited for; a longer one is reported to the user instead. */
    static final Duration LONGEST_WAIT = Duration.ofSeconds(10);

    private Retries() {
    }

    /** The wait before sending again, or empty to report the answer as it is. */
    public static Optional<Duration> delay(int status, String retryAfter, int retriesSoFar) {
        if ((status != 429 && status != 503) || retriesSoFar >= MAX_RETRIES || retryAfter == null) {
            return Optional.empty();
        }
        long seconds;
        try {
            seconds = Long.parseLong(retryAfter.strip());
        } catch (NumberFormatException httpDate) {
            // The API sends seconds; a date (the other form HTTP allows) is left to the user.
            return Optional.empty();
        }
        if (seconds < 0 || seconds > LONGEST_WAIT.toSeconds()) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofSeconds(Math.max(seconds, 1)));
    }
}
