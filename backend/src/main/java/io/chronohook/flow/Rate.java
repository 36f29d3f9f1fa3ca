package io.chronohook.flow;

import java.time.Duration;

/** At most {@code limit} requests per {@code period}, a token bucket holding {@code burst}. */
public record Rate(int limit, Duration period, int burst) {
}
