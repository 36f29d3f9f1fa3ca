package io.chronohook.job.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Walks whole years with {@code nextAfter} and compares every fire with an independent brute-force reading of the rules:
 * no instant may be missing, repeated or out of order around any transition.
 */
class CronScheduleAcrossTransitionsTest {

    private static final Instant FROM = Instant.parse("2026-12-31T00:00:00Z");
    private static final Instant TO = Instant.parse("2028-01-02T00:00:00Z");

    @ParameterizedTest
    @ValueSource(strings = {"America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata"})
    void aWildcardJobFiresAtEveryRealInstantWhoseWallClockMatches(String zoneName) {
        ZoneId zone = ZoneId.of(zoneName);
        // Brute force: every whole minute of real time whose local wall-clock minute is a multiple of 15.
        List<Instant> expected = new ArrayList<>();
        for (Instant minute = FROM.plusSeconds(60); minute.isBefore(TO); minute = minute.plusSeconds(60)) {
            if (minute.atZone(zone).getMinute() % 15 == 0) {
                expected.add(minute);
            }
        }

        assertThat(firesBetween(CronSchedule.parse("*/15 * * * *", zone))).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata"})
    void aFixedTimeJobFiresOnceADayAtTheFirstOccurrenceOrRightAfterTheGap(String zoneName) {
        ZoneId zone = ZoneId.of(zoneName);
        for (LocalTime time : List.of(LocalTime.of(1, 30), LocalTime.of(2, 0), LocalTime.of(2, 15), LocalTime.of(2, 30))) {
            // Brute force per local day: an existing time at its earlier offset, a skipped one at the end of the gap.
            List<Instant> expected = new ArrayList<>();
            for (LocalDate day = LocalDate.of(2026, 12, 30); day.isBefore(LocalDate.of(2028, 1, 3)); day = day.plusDays(1)) {
                Instant fire = firstInstantOf(day.atTime(time), zone);
                if (fire.isAfter(FROM) && fire.isBefore(TO)) {
                    expected.add(fire);
                }
            }
            String expression = time.getMinute() + " " + time.getHour() + " * * *";

            assertThat(firesBetween(CronSchedule.parse(expression, zone))).as(expression).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"America/New_York", "Europe/Berlin", "Australia/Lord_Howe"})
    void askingFromEveryMinuteAroundATransitionNeverGoesBackOrSkipsAhead(String zoneName) {
        ZoneId zone = ZoneId.of(zoneName);
        for (String expression : List.of("*/15 * * * *", "15,45 1,2 * * *", "*/10 2 * * *", "0 * * * *")) {
            CronSchedule schedule = CronSchedule.parse(expression, zone);
            List<Instant> all = firesBetween(schedule);
            assertThat(all).as(expression).isSorted().doesNotHaveDuplicates();
            Instant year = Instant.parse("2027-01-01T00:00:00Z");
            for (ZoneOffsetTransition transition = zone.getRules().nextTransition(year);
                 transition != null && transition.getInstant().isBefore(TO.minus(Duration.ofDays(2)));
                 transition = zone.getRules().nextTransition(transition.getInstant())) {
                Instant around = transition.getInstant().minus(Duration.ofHours(3));
                for (int i = 0; i < 6 * 60; i++, around = around.plusSeconds(60)) {
                    Instant asked = around;
                    Instant expected = all.stream().filter(fire -> fire.isAfter(asked)).findFirst().orElseThrow();
                    assertThat(schedule.nextAfter(asked)).as(expression + " after " + asked).contains(expected);
                }
            }
        }
    }

    private static List<Instant> firesBetween(CronSchedule schedule) {
        List<Instant> fires = new ArrayList<>();
        Instant cursor = FROM;
        while (true) {
            Instant next = schedule.nextAfter(cursor).orElseThrow();
            assertThat(next).isAfter(cursor);
            if (!next.isBefore(TO)) {
                return fires;
            }
            fires.add(next);
            cursor = next;
        }
    }

    /** The earliest instant showing this wall-clock time, or the first instant after the gap that skips it. */
    private static Instant firstInstantOf(LocalDateTime local, ZoneId zone) {
        ZoneOffsetTransition transition = zone.getRules().getTransition(local);
        if (transition != null && transition.isGap()) {
            return transition.getInstant();
        }
        // For a repeated time ZonedDateTime.of picks the earlier offset.
        return ZonedDateTime.of(local, zone).toInstant();
    }
}
