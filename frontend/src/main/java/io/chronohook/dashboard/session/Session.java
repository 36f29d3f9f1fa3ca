package io.chronohook.dashboard.session;

import io.chronohook.dashboard.backend.AccessToken;

/**
 * A signed-in visitor: the backend access token kept in the HttpOnly session cookie. A controller method that takes a
 * {@code Session} parameter is for signed-in visitors only; without the cookie the visitor is sent to {@code /login}.
 */
public record Session(AccessToken token) {
}
