package io.chronohook.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** While deliveries come first, the job completer makes no round: it does not reach the job store at all. */
class JobCompleterTest {

    @Test
    void aCompleterThatYieldsMakesNoRoundAndReportsItselfIdle() {
        // No store: a round that reached it would fail.
        JobCompleter completer = new JobCompleter(null, () -> true);

        assertThat(completer.runOnce().block()).isZero();
    }
}
