package io.chronohook.dashboard.signin;

/** Shown once after sign-up: the first API key and the signing secret, which the dashboard never shows again. */
public record Welcome(String tenantName, String apiKey, String signingSecret, String backendUrl) {
}
