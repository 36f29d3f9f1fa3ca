package io.chronohook.dashboard.members;

import java.util.Map;

/** The invite form: the typed email and chosen role, and the backend's messages. */
public record InviteForm(String email, String role, String error, Map<String, String> fieldErrors) {

    public InviteForm {
        fieldErrors = Map.copyOf(fieldErrors);
    }

    /** A fresh form: viewers unless the inviter picks more. */
    public static InviteForm empty() {
        return new InviteForm("", "viewer", null, Map.of());
    }

    public String fieldError(String field) {
        return fieldErrors.getOrDefault(field, "");
    }

    public boolean invalid(String field) {
        return fieldErrors.containsKey(field);
    }
}
