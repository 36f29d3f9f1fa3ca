package io.chronohook.dashboard.signin;

import java.util.Map;

/** The sign-up page: what was typed (never the password) and the backend's messages per field. */
public record SignUpForm(String tenantName, String email, String error, Map<String, String> fieldErrors) {

    public static SignUpForm empty() {
        return new SignUpForm("", "", null, Map.of());
    }

    public String fieldError(String field) {
        return fieldErrors.getOrDefault(field, "");
    }
}
