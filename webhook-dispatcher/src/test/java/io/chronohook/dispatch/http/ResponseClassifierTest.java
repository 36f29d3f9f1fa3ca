package io.chronohook.dispatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.dispatch.DeliveryOutcome.Delivered;
import io.chronohook.dispatch.DeliveryOutcome.Rejected;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseClassifierTest {

    private static final Instant STARTED = Instant.parse("2026-11-22T10:00:00Z");
    private static final Instant FIRST_BYTE = STARTED.plusMillis(120);
    private static final Instant FINISHED = STARTED.plusMillis(150);

    @ParameterizedTest(name = "{0} is delivered")
    @ValueSource(ints = {200, 201, 202, 204, 299})
    void everyTwoHundredIsDelivered(int status) {
        DeliveryOutcome outcome = classify(status, null, null);

        assertThat(outcome).isEqualTo(new Delivered(status, STARTED, FIRST_BYTE, FINISHED, "body"));
        assertThat(outcome.latency()).isEqualTo(Duration.ofMillis(150));
    }

    @ParameterizedTest(name = "{0} is retryable")
    @ValueSource(ints = {408, 425, 429, 500, 501, 502, 503, 504, 599})
    void timeoutsTooEarlyTooManyAndServerErrorsAreRetryable(int status) {
        assertThat(classify(status, null, null)).isInstanceOfSatisfying(Rejected.class, rejected -> {
            assertThat(rejected.status()).isEqualTo(status);
            assertThat(rejected.retryable()).isTrue();
            assertThat(rejected.noRetry()).isFalse();
            assertThat(rejected.retryAfter()).isNull();
        });
    }

    @ParameterizedTest(name = "{0} is final")
    @ValueSource(ints = {100, 101, 300, 301, 302, 303, 304, 307, 308, 400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 600})
    void redirectsAndOtherClientErrorsAreFinal(int status) {
        assertThat(classify(status, null, null)).isInstanceOfSatisfying(Rejected.class, rejected -> {
            assertThat(rejected.retryable()).isFalse();
            assertThat(rejected.noRetry()).isFalse();
        });
    }

    @ParameterizedTest(name = "No-Retry \"{0}\" stops retries")
    @ValueSource(strings = {"true", "TRUE", "True", " true "})
    void theReceiversNoRetryHeaderMakesARetryableStatusFinal(String value) {
        for (int status : new int[] {503, 429, 500, 408}) {
            assertThat(classify(status, null, value)).isInstanceOfSatisfying(Rejected.class, rejected -> {
                assertThat(rejected.retryable()).isFalse();
                assertThat(rejected.noRetry()).isTrue();
            });
        }
    }

    @ParameterizedTest(name = "No-Retry \"{0}\" is ignored")
    @ValueSource(strings = {"false", "1", "yes", "", "truee"})
    void anythingButTrueInTheNoRetryHeaderIsIgnored(String value) {
        assertThat(classify(503, null, value)).isInstanceOfSatisfying(Rejected.class, rejected -> {
            assertThat(rejected.retryable()).isTrue();
            assertThat(rejected.noRetry()).isFalse();
        });
    }

    @Test
    void noRetryOnASuccessIsStillASuccess() {
        assertThat(classify(200, null, "true")).isInstanceOf(Delivered.class);
    }

    @Test
    void noRetryOnAFinalStatusIsRecorded() {
        assertThat(classify(404, null, "true")).isInstanceOfSatisfying(Rejected.class, rejected -> {
            assertThat(rejected.retryable()).isFalse();
            assertThat(rejected.noRetry()).isTrue();
        });
    }

    @Test
    void retryAfterIsReadInSecondsOrAsADateFromWhenTheResponseArrived() {
        assertThat(classify(429, "3", null)).isInstanceOfSatisfying(Rejected.class, rejected ->
                assertThat(rejected.retryAfter()).isEqualTo(Duration.ofSeconds(3)));
        // FIRST_BYTE is 10:00:00.120; the date is 10:01:00.
        assertThat(classify(503, "Sun, 22 Nov 2026 10:01:00 GMT", null)).isInstanceOfSatisfying(Rejected.class,
                rejected -> assertThat(rejected.retryAfter()).isEqualTo(Duration.ofMillis(59_880)));
        assertThat(classify(503, "whenever", null)).isInstanceOfSatisfying(Rejected.class, rejected ->
                assertThat(rejected.retryAfter()).isNull());
    }

    @Test
    void goneIsAFinalRejectionTheCallerPausesTheJobFor() {
        assertThat(classify(410, null, null)).isInstanceOfSatisfying(Rejected.class, rejected -> {
            assertThat(rejected.retryable()).isFalse();
            assertThat(rejected.gone()).isTrue();
            assertThat(rejected.responseExcerpt()).isEqualTo("body");
            assertThat(rejected.latency()).isEqualTo(Duration.ofMillis(150));
        });
    }

    private static DeliveryOutcome classify(int status, String retryAfter, String noRetry) {
        return ResponseClassifier.classify(
                new ReceivedResponse(status, retryAfter, noRetry, STARTED, FIRST_BYTE, FINISHED, "body"));
    }
}
