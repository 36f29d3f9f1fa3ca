package io.chronohook.job.timing;

/** A schedule that cannot be accepted; the message names what is wrong, in words a tenant can act on. */
public final class InvalidScheduleException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, e.g. "minute field: 61 is out of range 0-59" */
    public InvalidScheduleException(String message) {
        super(message);
    }
}
