package io.chronohook.dashboard.signin;

import java.util.Map;

/**
 * The accept-invitation page: the token from the link, what went wrong, and whether the invitation can no longer be
 * accepted at all (expired, revoked, used or unknown), in which case the form is not shown again.
 */
public record AcceptForm(String token, String error, Map<String, String> fieldErrors, boolean closed) {

    public AcceptForm {
        fieldErrors = Map.copyOf(fieldErrors);
    }

    public static AcceptForm empty(String token) {
        return new AcceptForm(token, null, Map.of(), false);
    }

    public String fieldError(String field) {
        return fieldErrors.getOrDefault(field, "");
    }
}
