package io.chronohook.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PlannerPropertiesTest {

    private final PlannerProperties properties = new PlannerProperties(Duration.ofMillis(500), 5000, 1000, 20_000,
            Duration.ofSeconds(60), Duration.ofSeconds(10));

    @Test
    void aRoundSharesItsRunsAmongItsJobsButGivesEachAtLeastOneOccurrence() {
        assertThat(properties.occurrencesPerJob(1)).isEqualTo(1000);
        assertThat(properties.occurrencesPerJob(20)).isEqualTo(1000);
        assertThat(properties.occurrencesPerJob(500)).isEqualTo(40);
        assertThat(properties.occurrencesPerJob(5000)).isEqualTo(4);
        assertThat(properties.occurrencesPerJob(40_000)).isEqualTo(1);
        assertThat(properties.occurrencesPerJob(0)).isEqualTo(1000);
    }

    @Test
    void runsPerRoundMustBePositive() {
        assertThatThrownBy(() -> new PlannerProperties(Duration.ofMillis(500), 5000, 1000, 0, Duration.ofSeconds(60),
                Duration.ofSeconds(10)))
                .hasMessageContaining("runs-per-round");
    }

    @Test
    void theReachPastTheHorizonIsAtMostAMinute() {
        assertThatThrownBy(() -> new PlannerProperties(Duration.ofMillis(500), 5000, 1000, 20_000,
                Duration.ofSeconds(60), Duration.ofMinutes(2))).hasMessageContaining("reach");
        assertThatThrownBy(() -> new PlannerProperties(Duration.ofMillis(500), 5000, 1000, 20_000,
                Duration.ofSeconds(60), Duration.ofSeconds(-1))).hasMessageContaining("reach");
        assertThat(new PlannerProperties(Duration.ofMillis(500), 5000, 1000, 20_000, Duration.ofSeconds(60),
                Duration.ZERO).reach()).isZero();
    }
}
