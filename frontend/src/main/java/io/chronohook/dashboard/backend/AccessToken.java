package io.chronohook.dashboard.backend;

/** A member's bearer token for the backend API, as kept in the dashboard's session cookie. */
public record AccessToken(String value) {

    public AccessToken {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("an access token must not be blank");
        }
    }

    @Override
    public String toString() {
        return "AccessToken[…]";
    }
}
