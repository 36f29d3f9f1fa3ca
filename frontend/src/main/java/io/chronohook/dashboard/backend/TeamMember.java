package io.chronohook.dashboard.backend;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A member of the tenant as {@code GET /api/v1/members} lists it. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TeamMember(String id, String email, String role, Instant createdAt) {

    public boolean isOwner() {
        return "owner".equals(role);
    }
}
