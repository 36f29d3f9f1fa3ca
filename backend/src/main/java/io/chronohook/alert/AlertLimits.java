package io.chronohook.alert;

import java.time.Duration;

/** The bounds of a tenant's alert settings, shared by the API's validation and the installation's defaults. */
final class AlertLimits {

    static final int MIN_THRESHOLD = 1;
    static final int MAX_THRESHOLD = 100;
    static final Duration MIN_MISSED_WINDOW = Duration.ofSeconds(10);
    static final Duration MAX_MISSED_WINDOW = Duration.ofHours(6);
    static final Duration MIN_COOLDOWN = Duration.ofMinutes(1);
    static final Duration MAX_COOLDOWN = Duration.ofDays(7);

    private AlertLimits() {
    }

    static boolean missedWindowAllowed(Duration value) {
        return value.compareTo(MIN_MISSED_WINDOW) >= 0 && value.compareTo(MAX_MISSED_WINDOW) <= 0;
    }

    static boolean cooldownAllowed(Duration value) {
        return value.compareTo(MIN_COOLDOWN) >= 0 && value.compareTo(MAX_COOLDOWN) <= 0;
    }
}
