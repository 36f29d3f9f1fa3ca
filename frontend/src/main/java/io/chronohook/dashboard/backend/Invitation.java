package io.chronohook.dashboard.backend;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * An open invitation ({@code pending} or {@code expired}); {@code acceptLink} only in the answer to the invite, when
 * the installation sends no mail.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Invitation(String id, String email, String role, String state, Instant createdAt, Instant expiresAt,
                         String acceptLink) {

    public boolean expired() {
        return "expired".equals(state);
    }
}
