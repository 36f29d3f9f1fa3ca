package io.chronohook.access;

import java.util.EnumSet;
import java.util.Set;

/** A member's role in a tenant and the scopes it grants in issued tokens. */
public enum MemberRole {
    OWNER(EnumSet.allOf(Scope.class)),
    ADMIN(EnumSet.allOf(Scope.class)),
    VIEWER(EnumSet.of(Scope.JOBS_READ));

    private final Set<Scope> scopes;

    MemberRole(Set<Scope> scopes) {
        this.scopes = scopes;
    }

    public Set<Scope> scopes() {
        return EnumSet.copyOf(scopes);
    }

    public String wire() {
        return name().toLowerCase();
    }

    public static MemberRole fromWire(String text) {
        return valueOf(text.toUpperCase());
    }
}
