package io.chronohook.team;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Team settings ({@code chronohook.teams.*}): how long an invitation stays valid, where its link points (the
 * dashboard's accept page; the token is appended), how many invitations (and so mails) a tenant may send an hour, and
 * how long after its expiry an invitation (used or not) is forgotten.
 */
@ConfigurationProperties("chronohook.teams")
public record TeamProperties(
        @DefaultValue("P7D") Duration invitationTtl,
        @DefaultValue("http://localhost:8081/invitations/") URI acceptLinkBase,
        @DefaultValue("50") int invitationsPerHour,
        @DefaultValue("P30D") Duration invitationRetention) {

    public TeamProperties {
        if (invitationTtl.compareTo(Duration.ofMinutes(5)) < 0 || invitationTtl.compareTo(Duration.ofDays(90)) > 0) {
            throw new IllegalArgumentException("chronohook.teams.invitation-ttl must be between PT5M and P90D");
        }
        if (invitationsPerHour < 1 || invitationsPerHour > 10_000) {
            throw new IllegalArgumentException("chronohook.teams.invitations-per-hour must be between 1 and 10000");
        }
        if (invitationRetention.compareTo(Duration.ofDays(1)) < 0) {
            throw new IllegalArgumentException("chronohook.teams.invitation-retention must be at least P1D");
        }
        String scheme = acceptLinkBase.getScheme();
        if (!acceptLinkBase.isAbsolute() || !("http".equals(scheme) || "https".equals(scheme))
                || acceptLinkBase.getHost() == null || !acceptLinkBase.toString().endsWith("/")) {
            throw new IllegalArgumentException("chronohook.teams.accept-link-base must be an absolute http(s) URL "
                    + "ending in '/', e.g. https://dashboard.example.com/invitations/");
        }
    }

    /** The link a person follows to accept: the base and the token. */
    public String acceptLink(String token) {
        return acceptLinkBase + token;
    }
}
