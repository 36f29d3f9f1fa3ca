package io.chronohook.dispatch.http;

import java.time.Instant;

/**
 * What the sender saw of one HTTP response, the input of the {@link ResponseClassifier}.
 *
 * @param retryAfterHeader the first {@code Retry-After} value, or {@code null}
 * @param noRetryHeader    the first {@code Chronohook-No-Retry} value, or {@code null}
 * @param firstByteAt      when the status line and headers arrived
 * @param excerpt          the start of the body, decoded as UTF-8
 * @param headers          the response's headers as kept with the attempt ({@link HeaderLines}), or {@code null}
 */
public record ReceivedResponse(int status, String retryAfterHeader, String noRetryHeader,
                               Instant startedAt, Instant firstByteAt, Instant finishedAt, String excerpt,
                               String headers) {

    public ReceivedResponse(int status, String retryAfterHeader, String noRetryHeader, Instant startedAt,
                            Instant firstByteAt, Instant finishedAt, String excerpt) {
        this(status, retryAfterHeader, noRetryHeader, startedAt, firstByteAt, finishedAt, excerpt, null);
    }
}
