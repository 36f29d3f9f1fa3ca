package io.chronohook.access;

import java.util.Arrays;
import java.util.Optional;

/** What a credential may do: read or write jobs, or administer the account (keys, signing secret, audit). */
public enum Scope {
    JOBS_READ("jobs:read"),
    JOBS_WRITE("jobs:write"),
    ADMIN("admin");

    private final String wire;

    Scope(String wire) {
        this.wire = wire;
    }

    /** The name used in the API and in JWT {@code scope} claims. */
    public String wire() {
        return wire;
    }

    /** The Spring Security authority that guards routes needing this scope. */
    public String authority() {
        return "SCOPE_" + wire;
    }

    public static Optional<Scope> fromWire(String text) {
        return Arrays.stream(values()).filter(scope -> scope.wire.equals(text)).findFirst();
    }
}
