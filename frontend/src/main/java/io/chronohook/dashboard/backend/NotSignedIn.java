package io.chronohook.dashboard.backend;

/** The session is missing, expired or revoked (the backend answered 401): the visitor is sent to the sign-in page. */
public class NotSignedIn extends RuntimeException {

    public NotSignedIn() {
        super("sign-in required", null, false, false);
    }
}
