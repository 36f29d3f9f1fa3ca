package io.chronohook.dispatch;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What one delivery attempt came to; the retry planner reads it to decide between done, retry, dead or paused.
 * A dispatch never fails: every error is one of these.
 */
public sealed interface DeliveryOutcome {

    /** Time on the wire, {@code finishedAt - startedAt}; zero for outcomes where no request was attempted. */
    Duration latency();

    /** The receiver answered 2xx; {@code responseHeaders} as kept ({@code name: value} lines, secrets masked). */
    record Delivered(int status, Instant startedAt, Instant firstByteAt, Instant finishedAt, String responseExcerpt,
                     String responseHeaders)
            implements DeliveryOutcome {

        public Delivered(int status, Instant startedAt, Instant firstByteAt, Instant finishedAt, String responseExcerpt) {
            this(status, startedAt, firstByteAt, finishedAt, responseExcerpt, null);
        }

        public Delivered {
            if (status < 200 || status > 299) {
                throw new IllegalArgumentException("Delivered needs a 2xx status, got " + status);
            }
            requireTimes(startedAt, finishedAt);
            Objects.requireNonNull(firstByteAt, "firstByteAt");
            responseExcerpt = Objects.requireNonNullElse(responseExcerpt, "");
        }

        @Override
        public Duration latency() {
            return Duration.between(startedAt, finishedAt);
        }
    }

    /**
     * The receiver answered with anything but 2xx. Redirects are not followed and are not retryable.
     *
     * @param retryable  408, 425, 429 or 5xx, unless the receiver said {@code Chronohook-No-Retry: true}
     * @param retryAfter the receiver's {@code Retry-After} as a delay from the response; {@code null} when absent or unreadable
     * @param noRetry    the receiver sent {@code Chronohook-No-Retry: true}
     */
    record Rejected(int status, boolean retryable, Duration retryAfter, boolean noRetry,
                    Instant startedAt, Instant firstByteAt, Instant finishedAt, String responseExcerpt,
                    String responseHeaders)
            implements DeliveryOutcome {

        public Rejected(int status, boolean retryable, Duration retryAfter, boolean noRetry, Instant startedAt,
                        Instant firstByteAt, Instant finishedAt, String responseExcerpt) {
            this(status, retryable, retryAfter, noRetry, startedAt, firstByteAt, finishedAt, responseExcerpt, null);
        }

        public Rejected {
            if (status >= 200 && status <= 299) {
                throw new IllegalArgumentException("a 2xx status is Delivered, not Rejected");
            }
            if (retryable && noRetry) {
                throw new IllegalArgumentException("a response that asks for no retry is not retryable");
            }
            requireTimes(startedAt, finishedAt);
            Objects.requireNonNull(firstByteAt, "firstByteAt");
            responseExcerpt = Objects.requireNonNullElse(responseExcerpt, "");
        }

        /** 410 Gone: the receiver wants no more calls; the caller pauses the job. */
        public boolean gone() {
            return status == 410;
        }

        @Override
        public Duration latency() {
            return Duration.between(startedAt, finishedAt);
        }
    }

    /**
     * No HTTP response: a transport error or the deadline. Retryable by nature.
     *
     * @param errorClass             a stable, metric-friendly name: {@code timeout}, {@code dns}, {@code connect_refused},
     *                               {@code connect_timeout}, {@code connect_failed}, {@code tls}, {@code connection_closed},
     *                               {@code pool_exhausted}, {@code request_invalid}, {@code io} or {@code internal}
     * @param mayHaveReachedReceiver false only when no request byte can have been sent (DNS, connect or TLS handshake
     *                               failures, a deadline hit before the request was written); at-most-once jobs use it
     */
    record Failed(String errorClass, String message, boolean mayHaveReachedReceiver, Instant startedAt, Instant finishedAt)
            implements DeliveryOutcome {

        public Failed {
            Objects.requireNonNull(errorClass, "errorClass");
            message = Objects.requireNonNullElse(message, errorClass);
            requireTimes(startedAt, finishedAt);
        }

        @Override
        public Duration latency() {
            return Duration.between(startedAt, finishedAt);
        }
    }

    /** The SSRF guard refused the target; no connection was attempted. */
    record Blocked(String reason, Instant at) implements DeliveryOutcome {

        public Blocked {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public Duration latency() {
            return Duration.ZERO;
        }
    }

    /** The host's circuit breaker is open; the attempt was deferred without a request. Produced by the breaker wrapper. */
    record ShortCircuited(String host, Instant at) implements DeliveryOutcome {

        public ShortCircuited {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public Duration latency() {
            return Duration.ZERO;
        }
    }

    private static void requireTimes(Instant startedAt, Instant finishedAt) {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
    }
}
