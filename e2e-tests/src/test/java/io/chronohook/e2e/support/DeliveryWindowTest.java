package io.chronohook.e2e.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeliveryWindowTest {

    private static final Instant FROM = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant TO = FROM.plusSeconds(10);

    private static Receiver.Arrival arrival(String id, int scheduledSecond, long arrivedMillis) {
        Instant scheduled = FROM.plusSeconds(scheduledSecond);
        return new Receiver.Arrival(id, scheduled, scheduled.plusMillis(arrivedMillis));
    }

    @Test
    void percentilesAreNearestRankOverSortedLags() {
        Lags lags = Lags.ofMillis(50, 10, 40, 30, 20, 60, 70, 80, 90, 100);

        assertThat(lags.percentile(50)).isEqualTo(50);
        assertThat(lags.percentile(99)).isEqualTo(100);
        assertThat(lags.percentile(10)).isEqualTo(10);
        assertThat(lags.max()).isEqualTo(100);
        assertThat(Lags.ofMillis().percentile(99)).isZero();
    }

    @Test
    void countsOnlyRunsScheduledInTheWindowAndFindsLostAndDoubledOnes() {
        List<Receiver.Arrival> arrivals = List.of(
                arrival("before", -1, 1500),
                arrival("a", 0, 100),
                arrival("b", 5, 200),
                arrival("b", 5, 900),
                arrival("c", 9, 2000),
                arrival("after", 10, 10));

        DeliveryWindow window = DeliveryWindow.of(arrivals, FROM, TO, 4);

        assertThat(window.delivered()).isEqualTo(3);
        assertThat(window.lost()).isEqualTo(1);
        assertThat(window.duplicates()).isEqualTo(1);
        assertThat(window.lags().count()).isEqualTo(4);
        assertThat(window.lags().max()).isEqualTo(2000);
        // "before" arrived inside the window, "c" and "after" after it.
        assertThat(window.arrivedInWindow()).isEqualTo(3);
        assertThat(window.deliveredPerSecond()).isEqualTo(0.3);
    }
}
