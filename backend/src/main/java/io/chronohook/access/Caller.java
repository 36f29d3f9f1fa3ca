package io.chronohook.access;

import io.chronohook.billing.tenant.TenantId;
import java.util.EnumSet;
import java.util.Set;

/**
 * The authenticated caller of one request: which tenant it acts for (none for the operator), what kind of credential
 * it used, that credential's id (for the audit log), its scopes and, for a member's token, the member's role as it
 * stands now (null for API keys, the operator and tokens of an external issuer).
 */
public record Caller(TenantId tenantId, Kind kind, String id, Set<Scope> scopes, MemberRole role) {

    /** The kind of credential, as recorded in audit events. */
    public enum Kind {
        MEMBER("member"), API_KEY("api_key"), OPERATOR("operator");

        private final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    public Caller {
        scopes = scopes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(scopes));
    }

    public Caller(TenantId tenantId, Kind kind, String id, Set<Scope> scopes) {
        this(tenantId, kind, id, scopes, null);
    }

    public static Caller operator() {
        return new Caller(null, Kind.OPERATOR, "operator", Set.of());
    }

    /** Only an owner manages owners (invites, promotes, demotes or removes one) and the tenant's billing. */
    public boolean isOwner() {
        return role == MemberRole.OWNER;
    }
}
