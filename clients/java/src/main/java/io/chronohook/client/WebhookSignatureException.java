package io.chronohook.client;

/** A callback {@link WebhookSignature} refused: answer it {@code 401} and do nothing else. */
public final class WebhookSignatureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why the callback was refused. */
    public enum Reason {
        /** {@code webhook-id}, {@code webhook-timestamp} or {@code webhook-signature} is missing or empty. */
        MISSING_HEADER,
        /** {@code webhook-timestamp} is not a number of seconds. */
        INVALID_TIMESTAMP,
        /** {@code webhook-timestamp} is more than {@link WebhookSignature#TOLERANCE} away: a replay, or a bad clock. */
        TIMESTAMP_OUT_OF_TOLERANCE,
        /** No {@code v1} entry of {@code webhook-signature} matches: another secret, or an altered message. */
        NO_MATCHING_SIGNATURE
    }

    private final Reason reason;

    WebhookSignatureException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
