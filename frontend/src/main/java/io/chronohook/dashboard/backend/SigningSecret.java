package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The tenant's current signing secret and the previous ones still signing during their grace period. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SigningSecret(String secret, Instant createdAt, List<Previous> previous) {

    public SigningSecret {
        previous = previous == null ? List.of() : List.copyOf(previous);
    }

    /** A rotated-out secret and when it stops signing. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Previous(String secret, Instant createdAt, Instant expiresAt) {
    }
}
