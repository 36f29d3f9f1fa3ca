package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.support.ManualClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Work that may wait yields from the first saturated round after a calm, for at most the longest spell, and goes on as
 * usual after it until a calm second ends the spell; a calm second ends a spell at any time.
 */
class DeliveryPressureTest {

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-29T12:00:00Z"));
    private final DeliveryPressure pressure = new DeliveryPressure(clock, Duration.ofSeconds(10));

    @Test
    void nothingYieldsBeforeASaturatedRound() {
        assertThat(pressure.yielding()).isFalse();
        clock.advance(Duration.ofMinutes(1));
        assertThat(pressure.yielding()).isFalse();
    }

    @Test
    void aSaturatedRoundMakesWorkYieldUntilACalmSecond() {
        pressure.saturated();
        assertThat(pressure.yielding()).isTrue();
        clock.advance(Duration.ofMillis(999));
        assertThat(pressure.yielding()).isTrue();
        clock.advance(Duration.ofMillis(1));
        assertThat(pressure.yielding()).as("a second without a saturated round").isFalse();
    }

    @Test
    void aSpellLastsAtMostTheLongestThenWorkGoesOnUntilACalmStartsANewOne() {
        for (int i = 0; i < 20; i++) {
            pressure.saturated();
            assertThat(pressure.yielding()).as("%d ms into the spell", i * 500).isTrue();
            clock.advance(Duration.ofMillis(500));
        }
        // 10 s in: the rounds still saturated, but the spell has reached its longest.
        pressure.saturated();
        assertThat(pressure.yielding()).isFalse();
        clock.advance(Duration.ofMillis(500));
        pressure.saturated();
        assertThat(pressure.yielding()).as("saturated without a calm: no new spell").isFalse();

        clock.advance(Duration.ofSeconds(1));
        assertThat(pressure.yielding()).isFalse();
        pressure.saturated();
        assertThat(pressure.yielding()).as("the first saturated round after a calm starts a spell").isTrue();
    }

    @Test
    void aLongestSpellOfZeroNeverYields() {
        DeliveryPressure never = new DeliveryPressure(clock, Duration.ZERO);
        never.saturated();
        assertThat(never.yielding()).isFalse();
    }

    @Test
    void aNegativeLongestSpellIsRefused() {
        assertThatThrownBy(() -> new DeliveryPressure(clock, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
    }
}
