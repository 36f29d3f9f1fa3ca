package io.chronohook.e2e.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What the chaos program makes of its arguments, and its clear refusals of what it does not take. */
class ChaosArgumentsTest {

    @Test
    void chaosRunsEveryScenarioOrThoseNamedAndRefusesOthers() {
        assertThat(ChaosProgram.scenarios()).containsExactlyElementsOf(ChaosProgram.SCENARIOS);
        assertThat(ChaosProgram.scenarios("--quick", "--only", "redis-down,kill"))
                .containsExactly("redis-down", "kill");
        assertThatThrownBy(() -> ChaosProgram.scenarios("--only"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--only takes scenarios");
        assertThatThrownBy(() -> ChaosProgram.scenarios("--only", "kill,meteor"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got kill,meteor");
        assertThatThrownBy(() -> ChaosProgram.scenarios("--slow"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown argument --slow");
    }
}
