package io.chronohook.e2e.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** What the benchmark program makes of its arguments, and its clear refusals of what it does not take. */
class BenchOptionsTest {

    @Test
    void benchRunsTheDefaultScenariosAtFullLengthAndPicksWithOnly() {
        BenchOptions all = BenchOptions.parse();
        assertThat(all.quick()).isFalse();
        assertThat(all.scenarios()).containsExactlyElementsOf(BenchOptions.DEFAULT).doesNotContain("f");
        assertThat(all.burstRuns()).isEqualTo(100_000);

        BenchOptions some = BenchOptions.parse("--quick", "--only", "D,0");
        assertThat(some.quick()).isTrue();
        assertThat(some.scenarios()).containsExactly("d", "0");
        assertThat(some.burstRuns()).isEqualTo(20_000);
    }

    @Test
    void benchRefusesWhatItDoesNotTakeAndSaysWhat() {
        assertThatThrownBy(() -> BenchOptions.parse("--only"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--only takes a list");
        assertThatThrownBy(() -> BenchOptions.parse("--only", "a,z"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got a,z");
        assertThatThrownBy(() -> BenchOptions.parse("--fast"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("usage: bench").hasMessageContaining("got --fast");
    }
}
