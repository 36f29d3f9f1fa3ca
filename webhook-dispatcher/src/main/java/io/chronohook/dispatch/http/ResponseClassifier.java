package io.chronohook.dispatch.http;

import io.chronohook.dispatch.DeliveryOutcome;
import java.time.Duration;
import java.util.Set;

/**
 * Turns an HTTP response into {@code Delivered} or {@code Rejected} (PRODUCT F4): 2xx is delivered; 408, 425, 429 and
 * 5xx are retryable unless the receiver sent {@code Chronohook-No-Retry: true}; everything else, redirects included,
 * is final. 410 is a final rejection the caller answers by pausing the job.
 */
public final class ResponseClassifier {

    /** The response header by which a receiver asks Chronohook to stop retrying. */
    public static final String NO_RETRY_HEADER = "Chronohook-No-Retry";

    private static final Set<Integer> RETRYABLE_CLIENT_ERRORS = Set.of(408, 425, 429);

    private ResponseClassifier() {
    }

    public static DeliveryOutcome classify(ReceivedResponse response) {
        int status = response.status();
        if (status >= 200 && status <= 299) {
            return new DeliveryOutcome.Delivered(status, response.startedAt(), response.firstByteAt(),
                    response.finishedAt(), response.excerpt(), response.headers());
        }
        boolean noRetry = response.noRetryHeader() != null && response.noRetryHeader().strip().equalsIgnoreCase("true");
        boolean retryableStatus = RETRYABLE_CLIENT_ERRORS.contains(status) || (status >= 500 && status <= 599);
        Duration retryAfter = RetryAfter.parse(response.retryAfterHeader(), response.firstByteAt()).orElse(null);
        return new DeliveryOutcome.Rejected(status, retryableStatus && !noRetry, retryAfter, noRetry,
                response.startedAt(), response.firstByteAt(), response.finishedAt(), response.excerpt(),
                response.headers());
    }
}
