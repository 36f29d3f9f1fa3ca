package io.chronohook.e2e.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.DeliveryWindow;
import io.chronohook.e2e.support.Receiver;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SustainedTest {

    private static final Instant FROM = Instant.parse("2026-11-23T10:00:00Z");

    /** {@code rate} runs a second for 10 s, each arriving {@code lagMillis} late, {@code missing} of them never. */
    private static DeliveryWindow window(int rate, long lagMillis, int missing) {
        List<Receiver.Arrival> arrivals = new ArrayList<>();
        for (int second = -5; second < 10; second++) {
            for (int i = 0; i < rate; i++) {
                Instant scheduled = FROM.plusSeconds(second);
                if (second < 0 || second * rate + i >= missing) {
                    arrivals.add(new Receiver.Arrival(second + "-" + i, scheduled, scheduled.plusMillis(lagMillis)));
                }
            }
        }
        return DeliveryWindow.of(arrivals, FROM, FROM.plusSeconds(10), rate * 10L);
    }

    @Test
    void aRateHoldsWhenEveryRunArrivesWithinTwoSeconds() {
        assertThat(Sustained.judge(window(100, 1500, 0), 100)).isEqualTo(new Sustained(true, "held"));
    }

    @Test
    void aLateP99OrAMissingRunBreaksTheRate() {
        assertThat(Sustained.judge(window(100, 2500, 0), 100).reason()).isEqualTo("fire lag p99 2500 ms");
        assertThat(Sustained.judge(window(100, 100, 1), 100).reason())
                .isEqualTo("1 runs not delivered after the grace period");
    }

    @Test
    void deliveringLessThanTheOfferedRateBreaksIt() {
        Sustained verdict = Sustained.judge(window(100, 100, 0), 101);

        assertThat(verdict.held()).isFalse();
        assertThat(verdict.reason()).isEqualTo("delivered 99.0 % of the offered rate");
    }
}
