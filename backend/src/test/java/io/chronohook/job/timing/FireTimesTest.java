package io.chronohook.job.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class FireTimesTest {

    @Test
    void previewListsTheNextFiresInOrder() {
        // Weekdays at 09:00 in Berlin (CET, +01:00, in January): Fri 1, Mon 4, Tue 5 January 2027.
        CronSchedule schedule = CronSchedule.parse("0 9 * * MON-FRI", ZoneId.of("Europe/Berlin"));

        assertThat(FireTimes.preview(schedule, Instant.parse("2027-01-01T00:00:00Z"), 3)).containsExactly(
                Instant.parse("2027-01-01T08:00:00Z"),
                Instant.parse("2027-01-04T08:00:00Z"),
                Instant.parse("2027-01-05T08:00:00Z"));
    }

    @Test
    void previewStopsEarlyWhenTheScheduleEnds() {
        Instant at = Instant.parse("2027-07-01T09:30:00Z");

        assertThat(FireTimes.preview(new OnceSchedule(at), Instant.parse("2027-01-01T00:00:00Z"), 5)).containsExactly(at);
        assertThat(FireTimes.preview(new OnceSchedule(at), at, 5)).isEmpty();
    }

    @Test
    void previewOfIntervalsCountsFromTheAnchor() {
        IntervalSchedule schedule = new IntervalSchedule(Duration.ofHours(6), Instant.parse("2027-01-01T01:00:00Z"));

        assertThat(FireTimes.preview(schedule, Instant.parse("2027-01-01T08:00:00Z"), 3)).containsExactly(
                Instant.parse("2027-01-01T13:00:00Z"),
                Instant.parse("2027-01-01T19:00:00Z"),
                Instant.parse("2027-01-02T01:00:00Z"));
    }

    @Test
    void aCountOfZeroGivesNothingAndANegativeCountIsRefused() {
        OnceSchedule once = new OnceSchedule(Instant.parse("2027-07-01T09:30:00Z"));

        assertThat(FireTimes.preview(once, Instant.EPOCH, 0)).isEmpty();
        assertThatThrownBy(() -> FireTimes.preview(once, Instant.EPOCH, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
