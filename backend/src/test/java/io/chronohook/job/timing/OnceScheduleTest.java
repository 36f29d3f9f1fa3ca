package io.chronohook.job.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class OnceScheduleTest {

    private static final Instant AT = Instant.parse("2027-07-01T09:30:00Z");
    private final OnceSchedule once = new OnceSchedule(AT);

    @Test
    void firesAtItsInstantWhenAskedBeforeIt() {
        assertThat(once.nextAfter(AT.minusNanos(1))).contains(AT);
        assertThat(once.nextAfter(Instant.parse("2020-01-01T00:00:00Z"))).contains(AT);
    }

    @Test
    void hasNothingLeftFromItsInstantOn() {
        assertThat(once.nextAfter(AT)).isEmpty();
        assertThat(once.nextAfter(AT.plusSeconds(1))).isEmpty();
    }
}
