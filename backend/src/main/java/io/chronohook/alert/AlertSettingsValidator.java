package io.chronohook.alert;

import io.chronohook.dispatch.guard.TargetGuard;
import io.chronohook.job.TargetUrls;
import io.chronohook.platform.Validation;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Turns an {@link AlertSettingsRequest} into {@link AlertSettings}, naming every invalid field; the webhook URL passes
 * the same checks and SSRF guard as a job's target. Resolves the host, so call it off the event loop.
 */
@Component
public class AlertSettingsValidator {

    private final TargetGuard guard;
    private final AlertProperties.Defaults defaults;

    public AlertSettingsValidator(TargetGuard guard, AlertProperties properties) {
        this.guard = guard;
        this.defaults = properties.defaults();
    }

    public AlertSettings validate(AlertSettingsRequest request) {
        Validation v = new Validation();
        URI url = TargetUrls.check(guard, request.url(), "url", v);
        int threshold = request.failingThreshold() == null ? defaults.failingThreshold() : request.failingThreshold();
        v.require(threshold >= AlertLimits.MIN_THRESHOLD && threshold <= AlertLimits.MAX_THRESHOLD,
                "failingThreshold", "must be between " + AlertLimits.MIN_THRESHOLD + " and " + AlertLimits.MAX_THRESHOLD);
        Duration missed = v.duration(request.missedWindowAfter(), "missedWindowAfter", defaults.missedWindowAfter(),
                AlertLimits.MIN_MISSED_WINDOW, AlertLimits.MAX_MISSED_WINDOW);
        Duration cooldown = v.duration(request.cooldown(), "cooldown", defaults.cooldown(), AlertLimits.MIN_COOLDOWN,
                AlertLimits.MAX_COOLDOWN);
        List<AlertKind> events = events(request.events(), v);
        v.check();
        return new AlertSettings(url, threshold, missed, cooldown, events, null);
    }

    private static List<AlertKind> events(List<String> names, Validation v) {
        if (names == null) {
            return AlertKind.EVENTS;
        }
        v.require(!names.isEmpty(), "events", "must name at least one event; turn alerts off instead");
        List<AlertKind> events = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            AlertKind kind = AlertKind.fromWire(names.get(i)).filter(AlertKind.EVENTS::contains).orElse(null);
            if (kind == null) {
                v.require(false, "events[" + i + "]", "must be one of "
                        + AlertKind.EVENTS.stream().map(AlertKind::wire).toList());
            } else if (!events.contains(kind)) {
                events.add(kind);
            }
        }
        return events;
    }
}
