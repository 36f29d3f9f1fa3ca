package io.chronohook.dashboard.signin;

import java.util.Map;

/** The sign-in page: what was typed (never the password), where to go afterwards, and what went wrong. */
public record SignInForm(String email, String next, String error, Map<String, String> fieldErrors) {

    public static SignInForm empty(String next) {
        return new SignInForm("", next, null, Map.of());
    }

    public String fieldError(String field) {
        return fieldErrors.getOrDefault(field, "");
    }
}
