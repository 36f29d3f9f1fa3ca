package io.chronohook.dashboard.backend;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Who the session belongs to ({@code GET /api/v1/me}): tenant, member and scopes, shown in the page header. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Me(String tenantId, String tenantName, String plan, Credential credential, Member member,
                 List<String> scopes) {

    public Me {
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }

    /** The credential the call was made with. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Credential(String type, String id) {
    }

    /** The signed-in person. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Member(String id, String email, String role) {
    }

    /** Owners and admins manage keys, the signing secret and the audit log; viewers only read jobs. */
    public boolean isAdmin() {
        return scopes.contains("admin");
    }

    /** Only owners manage owners (invite, promote, demote, remove one). */
    public boolean isOwner() {
        return member != null && "owner".equals(member.role());
    }

    public boolean canWrite() {
        return scopes.contains("jobs:write");
    }

    public String email() {
        return member == null ? "" : member.email();
    }
}
