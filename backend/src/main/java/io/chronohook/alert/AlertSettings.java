package io.chronohook.alert;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Where a tenant's alerts go, which events it wants, and its thresholds; {@code updatedAt} is null until saved. */
public record AlertSettings(URI url, int failingThreshold, Duration missedWindowAfter, Duration cooldown,
                           List<AlertKind> events, Instant updatedAt) {

    public AlertSettings {
        events = List.copyOf(events);
    }
}
