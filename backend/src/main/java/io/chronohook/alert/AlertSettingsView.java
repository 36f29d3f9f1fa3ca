package io.chronohook.alert;

import java.time.Instant;
import java.util.List;

/** A tenant's alert settings as the API shows them; {@code enabled} false (and no URL) until a webhook is set. */
public record AlertSettingsView(boolean enabled, String url, int failingThreshold, String missedWindowAfter,
                                String cooldown, List<String> events, Instant updatedAt) {

    static AlertSettingsView of(AlertSettings settings) {
        return new AlertSettingsView(true, settings.url().toString(), settings.failingThreshold(),
                settings.missedWindowAfter().toString(), settings.cooldown().toString(),
                settings.events().stream().map(AlertKind::wire).toList(), settings.updatedAt());
    }

    static AlertSettingsView off(AlertProperties.Defaults defaults) {
        return new AlertSettingsView(false, null, defaults.failingThreshold(), defaults.missedWindowAfter().toString(),
                defaults.cooldown().toString(), AlertKind.EVENTS.stream().map(AlertKind::wire).toList(), null);
    }
}
