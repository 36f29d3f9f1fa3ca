package io.chronohook.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The dispatch settings refuse a completion deferral outside PT0S..PT5M at start-up, naming the setting. */
class DispatchSettingsTest {

    @Test
    void aCompletionDeferralFromZeroToFiveMinutesIsTaken() {
        assertThat(dispatch(Duration.ZERO).completionDeferral()).isZero();
        assertThat(dispatch(Duration.ofMinutes(5)).completionDeferral()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void aNegativeOrLongerCompletionDeferralIsRefused() {
        for (Duration wrong : new Duration[] {Duration.ofMillis(-1), Duration.ofMinutes(5).plusMillis(1)}) {
            assertThatThrownBy(() -> dispatch(wrong)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("chronohook.dispatch.completion-deferral");
        }
    }

    private static PipelineProperties.Dispatch dispatch(Duration completionDeferral) {
        return new PipelineProperties.Dispatch(4000, 4000, 500, 50, Duration.ofSeconds(30), 500,
                Duration.ofMillis(20), Duration.ofMillis(5), Duration.ofMillis(50), Duration.ofMillis(100), 500,
                completionDeferral);
    }
}
