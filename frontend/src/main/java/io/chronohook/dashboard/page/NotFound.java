package io.chronohook.dashboard.page;

/**
 * An address that cannot name anything, such as a malformed month in a download link: any page may throw it, and it is
 * answered with the 404 page, exactly like an id the backend does not know, before the backend is asked.
 */
public class NotFound extends RuntimeException {

    public NotFound(String what) {
        super("no such " + what);
    }
}
