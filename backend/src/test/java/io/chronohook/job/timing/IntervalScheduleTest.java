package io.chronohook.job.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class IntervalScheduleTest {

    private static final Instant ANCHOR = Instant.parse("2027-01-01T00:00:00Z");
    private final IntervalSchedule everyTenMinutes = new IntervalSchedule(Duration.ofMinutes(10), ANCHOR);

    @Test
    void theAnchorItselfDoesNotFireAndTheFirstFireIsOnePeriodLater() {
        assertThat(everyTenMinutes.nextAfter(ANCHOR)).contains(Instant.parse("2027-01-01T00:10:00Z"));
    }

    @Test
    void askingBeforeTheAnchorGivesTheFirstFire() {
        assertThat(everyTenMinutes.nextAfter(Instant.parse("2026-06-01T00:00:00Z")))
                .contains(Instant.parse("2027-01-01T00:10:00Z"));
    }

    @Test
    void askingExactlyAtAFireGivesTheOneAfterIt() {
        assertThat(everyTenMinutes.nextAfter(Instant.parse("2027-01-01T00:20:00Z")))
                .contains(Instant.parse("2027-01-01T00:30:00Z"));
    }

    @Test
    void askingBetweenFiresGivesTheNextOnTheAnchorGrid() {
        assertThat(everyTenMinutes.nextAfter(Instant.parse("2027-01-01T00:25:00.000000001Z")))
                .contains(Instant.parse("2027-01-01T00:30:00Z"));
        // 2027-03-14T07:00Z is 63 days and 7 hours after the anchor: a whole number of 10-minute periods.
        assertThat(everyTenMinutes.nextAfter(Instant.parse("2027-03-14T06:59:59Z")))
                .contains(Instant.parse("2027-03-14T07:00:00Z"));
    }

    @Test
    void theGridFollowsAnAnchorOffTheClock() {
        // Anchor 12:00:07, every 7 s: fires at :14, :21, ... ; after 12:01:00 -> 60 s = 8 periods + 4 s, so 9th fire at 12:01:10.
        IntervalSchedule odd = new IntervalSchedule(Duration.ofSeconds(7), Instant.parse("2027-05-05T12:00:07Z"));

        assertThat(odd.nextAfter(Instant.parse("2027-05-05T12:01:07Z"))).contains(Instant.parse("2027-05-05T12:01:10Z"));
    }

    @Test
    void anIntervalMustBePositive() {
        assertThatThrownBy(() -> new IntervalSchedule(Duration.ZERO, ANCHOR))
                .isInstanceOf(InvalidScheduleException.class).hasMessage("interval must be positive, got PT0S");
        assertThatThrownBy(() -> new IntervalSchedule(Duration.ofMinutes(-5), ANCHOR))
                .isInstanceOf(InvalidScheduleException.class).hasMessageContaining("interval must be positive");
    }

    @Test
    void aFireBeyondTheEndOfTheTimelineIsNone() {
        IntervalSchedule late = new IntervalSchedule(Duration.ofHours(1), Instant.MAX.minusSeconds(10));

        assertThat(late.nextAfter(Instant.MAX.minusSeconds(5))).isEmpty();
    }
}
