package io.chronohook.job.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BoundedScheduleTest {

    private static final Instant ANCHOR = Instant.parse("2027-01-01T00:00:00Z");
    /** Fires at 00:10, 00:20, 00:30, ... */
    private final FireSchedule everyTenMinutes = new IntervalSchedule(Duration.ofMinutes(10), ANCHOR);

    @Test
    void firesBeforeTheStartAreSkippedAndAFireExactlyAtTheStartCounts() {
        BoundedSchedule bounded = new BoundedSchedule(everyTenMinutes, Instant.parse("2027-01-01T00:30:00Z"), null);

        assertThat(bounded.nextAfter(ANCHOR)).contains(Instant.parse("2027-01-01T00:30:00Z"));
    }

    @Test
    void aStartBetweenFiresWaitsForTheNextFire() {
        BoundedSchedule bounded = new BoundedSchedule(everyTenMinutes, Instant.parse("2027-01-01T00:31:00Z"), null);

        assertThat(bounded.nextAfter(ANCHOR)).contains(Instant.parse("2027-01-01T00:40:00Z"));
    }

    @Test
    void aFireExactlyAtTheEndCountsAndNothingFollowsIt() {
        BoundedSchedule bounded = new BoundedSchedule(everyTenMinutes, null, Instant.parse("2027-01-01T01:00:00Z"));

        assertThat(bounded.nextAfter(Instant.parse("2027-01-01T00:50:00Z"))).contains(Instant.parse("2027-01-01T01:00:00Z"));
        assertThat(bounded.nextAfter(Instant.parse("2027-01-01T01:00:00Z"))).isEmpty();
    }

    @Test
    void withoutBoundsTheInnerScheduleShowsThrough() {
        BoundedSchedule bounded = new BoundedSchedule(everyTenMinutes, null, null);

        assertThat(bounded.nextAfter(Instant.parse("2030-01-01T00:05:00Z"))).contains(Instant.parse("2030-01-01T00:10:00Z"));
    }

    @Test
    void askingAfterTheStartUsesTheAskedInstant() {
        BoundedSchedule bounded = new BoundedSchedule(everyTenMinutes, Instant.parse("2027-01-01T00:30:00Z"),
                Instant.parse("2027-01-01T02:00:00Z"));

        assertThat(bounded.nextAfter(Instant.parse("2027-01-01T00:30:00Z"))).contains(Instant.parse("2027-01-01T00:40:00Z"));
    }

    @Test
    void anEndBeforeTheStartIsRefused() {
        assertThatThrownBy(() -> new BoundedSchedule(everyTenMinutes, Instant.parse("2027-02-01T00:00:00Z"),
                Instant.parse("2027-01-01T00:00:00Z")))
                .isInstanceOf(InvalidScheduleException.class)
                .hasMessage("end 2027-01-01T00:00:00Z is before start 2027-02-01T00:00:00Z");
    }

    @Test
    void boundsApplyToCronSchedulesToo() {
        // Daily at 09:00 UTC, from 2027-03-03T09:00Z (included) to 2027-03-05T09:00Z (included).
        BoundedSchedule bounded = new BoundedSchedule(CronSchedule.parse("0 9 * * *", java.time.ZoneOffset.UTC),
                Instant.parse("2027-03-03T09:00:00Z"), Instant.parse("2027-03-05T09:00:00Z"));

        assertThat(FireTimes.preview(bounded, Instant.parse("2027-03-01T00:00:00Z"), 10)).containsExactly(
                Instant.parse("2027-03-03T09:00:00Z"),
                Instant.parse("2027-03-04T09:00:00Z"),
                Instant.parse("2027-03-05T09:00:00Z"));
    }
}
