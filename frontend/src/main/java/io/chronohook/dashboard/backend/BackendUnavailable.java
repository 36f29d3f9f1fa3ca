package io.chronohook.dashboard.backend;

/** The backend could not be reached or did not answer in time; pages show a "try again" page, never a stack trace. */
public class BackendUnavailable extends RuntimeException {

    public BackendUnavailable(String reason, Throwable cause) {
        super(reason, cause);
    }
}
