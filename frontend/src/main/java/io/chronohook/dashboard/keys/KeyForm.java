package io.chronohook.dashboard.keys;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The create-key form: the typed name, the ticked scopes and the backend's messages per field. */
public record KeyForm(String name, Set<String> scopes, String error, Map<String, String> fieldErrors) {

    /** Every scope a key can carry, in the order the form lists them. */
    public static final List<Scope> SCOPES = List.of(
            new Scope("jobs:read", "Read jobs, runs, dead letters, endpoints and usage"),
            new Scope("jobs:write", "Create, change, pause, trigger and delete jobs; replay and cancel runs"),
            new Scope("admin", "Manage API keys, the signing secret and the audit log"));

    public KeyForm {
        scopes = Set.copyOf(scopes);
        fieldErrors = Map.copyOf(fieldErrors);
    }

    /** One scope and what it allows. */
    public record Scope(String value, String description) {

        /** {@code scope-jobs-read}. */
        public String id() {
            return "scope-" + value.replace(':', '-');
        }
    }

    /** A fresh form: read-only keys unless the person ticks more. */
    public static KeyForm empty() {
        return new KeyForm("", Set.of("jobs:read"), null, Map.of());
    }

    /** What was typed, with nothing wrong (yet). */
    public static KeyForm typed(String name, List<String> scopes) {
        return new KeyForm(name, new LinkedHashSet<>(scopes == null ? List.of() : scopes), null, Map.of());
    }

    public boolean has(String scope) {
        return scopes.contains(scope);
    }

    public String fieldError(String field) {
        return fieldErrors.getOrDefault(field, "");
    }

    public boolean invalid(String field) {
        return fieldErrors.containsKey(field);
    }
}
