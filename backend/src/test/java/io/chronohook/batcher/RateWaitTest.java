package io.chronohook.batcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Runs over a tenant's rate go back to the gate spread at that rate, never further out than the cap. */
class RateWaitTest {

    @Test
    void runsOverTheRateAreSpreadAtTheRate() {
        assertThat(FairBatcher.wait(0, 50)).isEqualTo(FairBatcher.MIN_WAIT);
        assertThat(FairBatcher.wait(1, 50)).isEqualTo(FairBatcher.MIN_WAIT.plusMillis(20));
        assertThat(FairBatcher.wait(50, 50)).isEqualTo(FairBatcher.MIN_WAIT.plusSeconds(1));
        assertThat(FairBatcher.wait(5, 5)).isEqualTo(FairBatcher.MIN_WAIT.plusSeconds(1));
    }

    @Test
    void noRunWaitsLongerThanTheCap() {
        assertThat(FairBatcher.wait(100_000, 5)).isEqualTo(FairBatcher.MAX_WAIT);
        assertThat(FairBatcher.wait(Integer.MAX_VALUE, 1)).isEqualTo(Duration.ofSeconds(5));
    }
}
