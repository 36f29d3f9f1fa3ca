package io.chronohook.dispatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackoffTest {

    private static final Duration TEN_S = Duration.ofSeconds(10);
    private static final Duration ONE_H = Duration.ofHours(1);

    @ParameterizedTest
    @CsvSource({"1, 20", "2, 40", "3, 80", "4, 160", "8, 2560", "9, 3600", "30, 3600", "1000, 3600"})
    void theCeilingDoublesPerFailureUpToTheMaximum(int failures, long seconds) {
        assertThat(Backoff.ceiling(failures, TEN_S, ONE_H)).isEqualTo(Duration.ofSeconds(seconds));
    }

    @Test
    void delaysStayBetweenTheInitialDelayAndTheCeilingAndSpreadOut() {
        RandomGenerator random = new SplittableRandom(7);
        for (int failures = 1; failures <= 12; failures++) {
            Set<Duration> seen = new HashSet<>();
            for (int i = 0; i < 500; i++) {
                Duration delay = Backoff.delay(failures, TEN_S, ONE_H, null, random);
                assertThat(delay).isBetween(TEN_S, Backoff.ceiling(failures, TEN_S, ONE_H));
                seen.add(delay);
            }
            assertThat(seen).as("jitter after %d failures", failures).hasSizeGreaterThan(100);
        }
    }

    @Test
    void retryDelayHonoursRetryAfterButNeverBelowBase() {
        RandomGenerator random = new SplittableRandom(1);

        assertThat(Backoff.delay(1, Duration.ofSeconds(1), ONE_H, Duration.ofSeconds(3), random))
                .isEqualTo(Duration.ofSeconds(3));
        assertThat(Backoff.delay(1, TEN_S, ONE_H, Duration.ofSeconds(3), random)).isEqualTo(TEN_S);
        assertThat(Backoff.delay(1, TEN_S, ONE_H, Duration.ZERO, random)).isEqualTo(TEN_S);
    }

    @Test
    void retryAfterIsClampedToTheMaximum() {
        assertThat(Backoff.delay(1, TEN_S, ONE_H, Duration.ofDays(2), new SplittableRandom(1))).isEqualTo(ONE_H);
    }

    @Test
    void anInitialDelayAboveTheMaximumUsesTheMaximum() {
        assertThat(Backoff.delay(3, ONE_H, TEN_S, null, new SplittableRandom(1))).isEqualTo(TEN_S);
    }

    @Test
    void zeroFailuresIsNotAnAttemptCount() {
        assertThatThrownBy(() -> Backoff.ceiling(0, TEN_S, ONE_H)).isInstanceOf(IllegalArgumentException.class);
    }
}
