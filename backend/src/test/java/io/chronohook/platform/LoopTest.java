package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** An idle loop stops at once: its pause ends when it is told to stop, not after the pause's length. */
class LoopTest {

    private static final Duration LONG_PAUSE = Duration.ofMinutes(10);
    private static final Duration GRACE = Duration.ofMinutes(1);

    @Test
    void aLoopRunningEveryPeriodStopsDuringItsPause() {
        AtomicInteger rounds = new AtomicInteger();
        Loop loop = Loop.every("test", () -> Mono.fromRunnable(rounds::incrementAndGet), LONG_PAUSE);
        awaitFirstRound(rounds);

        assertTimeoutPreemptively(GRACE.dividedBy(2), () -> loop.stop(GRACE));
        assertThat(rounds).hasValue(1);
    }

    @Test
    void anIdleLoopStopsDuringItsBackOff() {
        AtomicInteger rounds = new AtomicInteger();
        Loop loop = Loop.start("test", () -> Mono.fromSupplier(() -> {
            rounds.incrementAndGet();
            return 0;
        }), LONG_PAUSE, LONG_PAUSE);
        awaitFirstRound(rounds);

        assertTimeoutPreemptively(GRACE.dividedBy(2), () -> loop.stop(GRACE));
        assertThat(rounds).hasValue(1);
    }

    private static void awaitFirstRound(AtomicInteger rounds) {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            while (rounds.get() == 0) {
                Thread.onSpinWait();
            }
        });
    }
}
