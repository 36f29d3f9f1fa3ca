package io.chronohook.dashboard.backend;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** An access token from {@code POST /api/v1/auth/token} and its lifetime in seconds. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record IssuedToken(String accessToken, String tokenType, long expiresIn) {
}
