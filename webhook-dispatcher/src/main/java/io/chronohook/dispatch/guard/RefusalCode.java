package io.chronohook.dispatch.guard;

import java.util.Locale;

/** Why the guard refused a target, as a stable code for API problem details and metrics. */
public enum RefusalCode {
    /** Not an absolute URL with a host the guard can read. */
    INVALID_URL,
    /** Not https (or http when private targets are allowed). */
    SCHEME_NOT_ALLOWED,
    /** The URL carries {@code user@}. */
    CREDENTIALS_IN_URL,
    /** A numeric host in any form but a canonical dotted quad ({@code 127.1}, {@code 2130706433}, {@code 0x7f.0.0.1}). */
    NUMERIC_HOST_NOT_CANONICAL,
    /** {@code localhost}, {@code *.internal}, {@code *.local}, single-label names and the like. */
    HOST_NAME_NOT_ALLOWED,
    /** A port other than 80, 443 or 1024-65535. */
    PORT_NOT_ALLOWED,
    /** The host is or resolves to an address in a denied range. */
    ADDRESS_NOT_ALLOWED,
    /** The host did not resolve, or not in time. */
    RESOLUTION_FAILED;

    /** The code as sent to clients, e.g. {@code address_not_allowed}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
