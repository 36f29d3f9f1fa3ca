package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The tenant's alert settings; {@code enabled} false (no URL) until a webhook is set, with the defaults filled in. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AlertSettings(boolean enabled, String url, int failingThreshold, String missedWindowAfter,
                            String cooldown, List<String> events, Instant updatedAt) {

    public AlertSettings {
        events = events == null ? List.of() : List.copyOf(events);
    }
}
