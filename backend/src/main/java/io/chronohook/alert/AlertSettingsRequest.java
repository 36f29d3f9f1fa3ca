package io.chronohook.alert;

import java.util.List;

/**
 * {@code PUT /api/v1/alerts/settings}: the alert webhook, and optionally the failing threshold, the missed window and
 * the cooldown (ISO-8601 durations) and the events wanted; what is left out takes the installation's default.
 */
public record AlertSettingsRequest(String url, Integer failingThreshold, String missedWindowAfter, String cooldown,
                                   List<String> events) {
}
