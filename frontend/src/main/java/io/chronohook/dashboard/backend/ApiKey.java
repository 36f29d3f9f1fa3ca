package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** An API key as listed; {@code apiKey} (the secret) only in the answer to its creation. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ApiKey(String id, String name, String prefix, List<String> scopes, Instant createdAt,
                     Instant lastUsedAt, String apiKey) {

    public ApiKey {
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
    }
}
