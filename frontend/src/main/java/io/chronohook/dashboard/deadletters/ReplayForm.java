package io.chronohook.dashboard.deadletters;

import java.util.Map;

/**
 * A bulk replay form as the visitor filled it in, for showing it again with what was wrong: {@code scope} is
 * {@code job} (all dead runs of the filtered job) or {@code range} ({@code from}/{@code to} in the display zone).
 */
public record ReplayForm(String scope, String from, String to, Map<String, String> errors, String error) {

    public ReplayForm {
        errors = errors == null ? Map.of() : Map.copyOf(errors);
    }

    /** Nothing sent yet. */
    public static ReplayForm empty() {
        return new ReplayForm(null, "", "", Map.of(), null);
    }

    public boolean failed(String formScope) {
        return formScope.equals(scope) && (error != null || !errors.isEmpty());
    }

    /** The message for a field, or null. */
    public String errorFor(String field) {
        return errors.get(field);
    }
}
