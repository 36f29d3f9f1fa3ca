package io.chronohook.dashboard.settings;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.chronohook.dashboard.backend.AlertSettings;

/** The alert settings form: what is typed or saved, and the messages per field ({@code events[1]} counts as events). */
public record AlertsForm(String url, String failingThreshold, String missedWindowAfter, String cooldown,
                         Set<String> events, String error, Map<String, String> fieldErrors) {

    /** Every event a tenant can be alerted about, in the order the form lists them. */
    public static final List<Event> EVENTS = List.of(
            new Event("run.dead_lettered", "A run is dead-lettered: its attempts are spent or its receiver refused it"),
            new Event("job.failing", "A job is failing: its last runs in a row all ended dead"),
            new Event("run.missed_window", "A run missed its window: not started in time, or skipped as missed"),
            new Event("run.timed_out", "A long-running run timed out: no heartbeat in time, or past its longest "
                    + "duration (retried or dead)"),
            new Event("job.auto_paused", "A job was paused because its receiver answered 410 Gone"));

    public AlertsForm {
        events = Set.copyOf(events);
        fieldErrors = Map.copyOf(fieldErrors);
    }

    /** One event and what it means. */
    public record Event(String value, String description) {

        /** {@code event-run-dead-lettered}. */
        public String id() {
            return "event-" + value.replace('.', '-').replace('_', '-');
        }
    }

    /** The saved settings (or, with alerts off, the defaults) as the form shows them. */
    public static AlertsForm of(AlertSettings settings) {
        return new AlertsForm(settings.url() == null ? "" : settings.url(),
                Integer.toString(settings.failingThreshold()), settings.missedWindowAfter(), settings.cooldown(),
                new LinkedHashSet<>(settings.events()), null, Map.of());
    }

    public boolean has(String event) {
        return events.contains(event);
    }

    public String fieldError(String field) {
        return fieldErrors.get(field);
    }

    public boolean invalid(String field) {
        return fieldErrors.containsKey(field);
    }

    /** The input's {@code aria-describedby}: its hint, and its error when there is one. */
    public String describedBy(String id, String field) {
        return id + "-hint" + (invalid(field) ? " " + id + "-error" : "");
    }
}
