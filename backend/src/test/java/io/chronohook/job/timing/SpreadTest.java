package io.chronohook.job.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SpreadTest {

    private static final Duration THREE_MINUTES = Duration.ofSeconds(180);

    @Test
    void theSameJobAlwaysGetsTheSameOffset() {
        assertThat(Spread.offset("job_01J8Z3", THREE_MINUTES)).isEqualTo(Spread.offset("job_01J8Z3", THREE_MINUTES));
    }

    @Test
    void theOffsetIsTheFirstEightBytesOfTheIdsSha256ModuloTheSpreadInMilliseconds() throws Exception {
        // Same derivation written differently: the first 8 digest bytes as an unsigned number, mod 180,001 ms.
        byte[] digest = MessageDigest.getInstance("SHA-256").digest("job_01J8Z3".getBytes(StandardCharsets.UTF_8));
        long expectedMillis = new BigInteger(1, Arrays.copyOf(digest, 8)).mod(BigInteger.valueOf(180_001)).longValueExact();

        assertThat(Spread.offset("job_01J8Z3", THREE_MINUTES)).isEqualTo(Duration.ofMillis(expectedMillis));
    }

    @Test
    void noSpreadMeansNoOffset() {
        assertThat(Spread.offset("job_1", Duration.ZERO)).isZero();
        assertThat(Spread.offset("job_1", Duration.ofNanos(900_000))).isZero();
    }

    @Test
    void offsetsStayWithinTheSpreadInWholeMilliseconds() {
        for (int i = 0; i < 2_000; i++) {
            Duration offset = Spread.offset("job_" + i, Duration.ofMillis(2_500));
            assertThat(offset).isBetween(Duration.ZERO, Duration.ofMillis(2_500));
            assertThat(offset.getNano() % 1_000_000).isZero();
        }
    }

    @Test
    void tenThousandJobsSpreadOverAllTenSecondBucketsOfThreeMinutes() {
        int[] buckets = new int[18];
        for (int i = 0; i < 10_000; i++) {
            long millis = Spread.offset("job_" + i, THREE_MINUTES).toMillis();
            buckets[(int) Math.min(millis / 10_000, 17)]++;
        }
        double mean = 10_000 / 18.0;

        assertThat(Arrays.stream(buckets).boxed().toList()).allMatch(count -> count > 0 && count <= 2 * mean);
    }

    @Test
    void aNegativeSpreadIsRefused() {
        assertThatThrownBy(() -> Spread.offset("job_1", Duration.ofSeconds(-1)))
                .isInstanceOf(InvalidScheduleException.class)
                .hasMessageContaining("spread must not be negative");
    }
}
