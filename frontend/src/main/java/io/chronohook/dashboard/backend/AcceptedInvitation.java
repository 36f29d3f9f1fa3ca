package io.chronohook.dashboard.backend;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The member an accepted invitation made ({@code POST /api/v1/invitations/{token}/accept}). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AcceptedInvitation(String memberId, String tenantId, String email, String role) {
}
