package io.chronohook.cli.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetriesTest {

    @Test
    void waitsAsLongAsRetryAfterSaysOverTheRateLimitOrWhileTheDatabaseIsAway() {
        assertThat(Retries.delay(429, "2", 0)).contains(Duration.ofSeconds(2));
        assertThat(Retries.delay(503, "5", 0)).contains(Duration.ofSeconds(5));
        assertThat(Retries.delay(429, "0", 0)).contains(Duration.ofSeconds(1));
    }

    @Test
    void reportsTheAnswerInsteadOfWaitingLongOrRetryingForever() {
        assertThat(Retries.delay(429, "11", 0)).isEmpty();
        assertThat(Retries.delay(429, "1", Retries.MAX_RETRIES)).isEmpty();
        assertThat(Retries.delay(429, null, 0)).isEmpty();
        assertThat(Retries.delay(429, "Wed, 21 Oct 2026 07:28:00 GMT", 0)).isEmpty();
    }

    @Test
    void neverRetriesARefusalOrAFailureThatMayHaveDoneSomething() {
        assertThat(Retries.delay(400, "1", 0)).isEmpty();
        assertThat(Retries.delay(500, "1", 0)).isEmpty();
        assertThat(Retries.delay(502, "1", 0)).isEmpty();
    }
}
