package io.chronohook.dashboard.backend;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The answer to a sign-up: the first API key and the signing secret, shown to the person only this once. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SignupResult(String tenantId, String memberId, String apiKey, String signingSecret) {
}
