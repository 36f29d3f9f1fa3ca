package io.chronohook.dashboard.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import io.chronohook.dashboard.backend.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScheduleWordsTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    private static Job.Schedule schedule(String type, String cron, String zone, Instant at, String delay, String every) {
        return new Job.Schedule(type, cron, zone, at, delay, every, null, null, null);
    }

    @ParameterizedTest(name = "{0} in {1} → {2}")
    @CsvSource(delimiter = '|', textBlock = """
            0 2 * * *          | Europe/Berlin | every day at 02:00 Europe/Berlin
            */15 * * * *       | UTC           | every 15 minutes
            30 9 * * 1         | UTC           | every Monday at 09:30 UTC
            30 9 * * mon       | UTC           | every Monday at 09:30 UTC
            */5 * * * * *      | UTC           | every 5 seconds
            * * * * * *        | UTC           | every second
            */20 * * * * *     | UTC           | every 20 seconds
            0 */15 * * * *     | UTC           | every 15 minutes
            @hourly            | UTC           | every hour
            @HOURLY            | Asia/Tokyo    | every hour
            @daily             | Europe/Berlin | every day at 00:00 Europe/Berlin
            @midnight          | UTC           | every day at 00:00 UTC
            @weekly            | UTC           | every Sunday at 00:00 UTC
            @monthly           | UTC           | every month on the 1st at 00:00 UTC
            @yearly            | UTC           | every year on 1 January at 00:00 UTC
            @annually          | UTC           | every year on 1 January at 00:00 UTC
            * * * * *          | UTC           | every minute
            */1 * * * *        | UTC           | every minute
            0-59 * * * *       | UTC           | every minute
            0 * * * *          | UTC           | every hour
            15 * * * *         | UTC           | every hour at :15
            0,20,40 * * * *    | UTC           | every 20 minutes
            0 */2 * * *        | UTC           | every 2 hours
            30 */3 * * *       | UTC           | every 3 hours at :30
            0 */6 * * *        | UTC           | every day at 00:00, 06:00, 12:00 and 18:00 UTC
            0 9 * * 1-5        | UTC           | every weekday at 09:00 UTC
            0 9 * * MON-FRI    | UTC           | every weekday at 09:00 UTC
            0 9,17 * * *       | UTC           | every day at 09:00 and 17:00 UTC
            0,30 9 * * *       | UTC           | every day at 09:00 and 09:30 UTC
            0 9-17 * * 1-5     | Europe/Berlin | every hour on weekdays from 09:00 to 17:00 Europe/Berlin
            */15 9-17 * * *    | UTC           | every 15 minutes from 09:00 to 17:45 UTC
            */10 9 * * *       | UTC           | every 10 minutes from 09:00 to 09:50 UTC
            * 9 * * *          | UTC           | every minute from 09:00 to 09:59 UTC
            */15 9 * * *       | UTC           | every day at 09:00, 09:15, 09:30 and 09:45 UTC
            */15 * * * 1       | UTC           | every 15 minutes on Mondays (UTC)
            */15 * * 12 *      | UTC           | every 15 minutes in December (UTC)
            0 0 1,15 * *       | UTC           | every month on the 1st and 15th at 00:00 UTC
            0 0 2,3,22,23 * *  | UTC           | every month on the 2nd, 3rd, 22nd and 23rd at 00:00 UTC
            0 0 11,12,13 * *   | UTC           | every month on the 11th, 12th and 13th at 00:00 UTC
            0 0 1 1,7 *        | UTC           | every year on 1 January and 1 July at 00:00 UTC
            0 0 1 */3 *        | UTC           | every year on 1 January, 1 April, 1 July and 1 October at 00:00 UTC
            0 0 31 12 *        | UTC           | every year on 31 December at 00:00 UTC
            0 0 1,15 1,7 *     | UTC           | every year on 1 January, 15 January, 1 July and 15 July at 00:00 UTC
            0 12 * 12 *        | UTC           | every day in December at 12:00 UTC
            0 12 * DEC,JAN *   | UTC           | every day in January and December at 12:00 UTC
            0 8 * * SAT,SUN    | UTC           | every Saturday and Sunday at 08:00 UTC
            0 8 * * 0          | UTC           | every Sunday at 08:00 UTC
            0 8 * * 7          | UTC           | every Sunday at 08:00 UTC
            0 8 * * MON-SUN    | UTC           | every day at 08:00 UTC
            0 8 * * 1,3,5      | UTC           | every Monday, Wednesday and Friday at 08:00 UTC
            0 8 * * */2        | UTC           | every Tuesday, Thursday, Saturday and Sunday at 08:00 UTC
            0 8 * 1 1          | UTC           | every Monday in January at 08:00 UTC
            30 0 9 * * *       | UTC           | every day at 09:00:30 UTC
            0 0 1-31 * 1       | UTC           | every day at 00:00 UTC
            0 0 1 * 0-6        | UTC           | every day at 00:00 UTC
            """)
    void phrasesTheCronShapesItKnowsExactly(String cron, String zone, String words) {
        assertThat(ScheduleWords.cron(cron, zone)).isEqualTo(words);
    }

    @ParameterizedTest(name = "{0} is shown as itself")
    @CsvSource(delimiter = '|', textBlock = """
            */7 * * * *
            */7 * * * * *
            0 */5 * * *
            5,35 * * * *
            1-59/2 * * * *
            10 */15 * * * *
            */5 9 * * * *
            0 0 */2 * 1
            0 0 1 * 1
            0 0 */2 * *
            0 0 31 * *
            0 0 29 * *
            0 0 29 2 *
            0 0 31 1,4 *
            0 0 1,2,3,4,5 * *
            0 0 L * *
            0 0 ? * 1
            0 0 * * 1#2
            0 0 15W * *
            0 9,12,15,18,21 * * *
            0 9-11,14-16 * * *
            5-10 * * * *
            61 * * * *
            0 0 * * 8
            @reboot
            not a cron
            0 0 * *
            0 0 0 * * * *
            """)
    void showsTheExpressionWithItsZoneForWhatItCannotPhrase(String cron) {
        assertThat(ScheduleWords.cron(cron, "Europe/Berlin")).isEqualTo("cron " + cron + " (Europe/Berlin)");
    }

    @Test
    void aCronWithoutZoneIsInUtc() {
        assertThat(ScheduleWords.cron("0 2 * * *", null)).isEqualTo("every day at 02:00 UTC");
        assertThat(ScheduleWords.cron("0 0 */2 * 1", "")).isEqualTo("cron 0 0 */2 * 1 (UTC)");
    }

    @ParameterizedTest(name = "every {0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            PT15M   | every 15 minutes
            PT1M    | every minute
            PT1H    | every hour
            PT2H    | every 2 hours
            PT5S    | every 5 seconds
            PT1S    | every second
            PT90S   | every 90 seconds
            PT1H30M | every 90 minutes
            P1D     | every day
            PT48H   | every 2 days
            PT36H   | every 36 hours
            PT0.5S  | every PT0.5S
            P1W     | every P1W
            """)
    void phrasesIntervals(String every, String words) {
        assertThat(ScheduleWords.of(schedule("interval", null, null, null, null, every), BERLIN)).isEqualTo(words);
    }

    @Test
    void aOneShotTimeIsShownInTheDisplayZone() {
        Instant at = Instant.parse("2026-12-01T09:00:00Z");

        assertThat(ScheduleWords.of(schedule("at", null, null, at, null, null), ZoneOffset.UTC))
                .isEqualTo("at 1 Dec 2026, 09:00 UTC");
        assertThat(ScheduleWords.of(schedule("at", null, null, at, null, null), ZoneId.of("UTC")))
                .isEqualTo("at 1 Dec 2026, 09:00 UTC");
        assertThat(ScheduleWords.of(schedule("at", null, null, at, null, null), BERLIN))
                .isEqualTo("at 1 Dec 2026, 10:00 Europe/Berlin");
        assertThat(ScheduleWords.of(schedule("at", null, null, at.plusSeconds(30), null, null), ZoneOffset.UTC))
                .isEqualTo("at 1 Dec 2026, 09:00:30 UTC");
    }

    @Test
    void delayAndNowSchedulesSayWhenTheyFire() {
        Instant at = Instant.parse("2026-12-01T09:05:00Z");

        assertThat(ScheduleWords.of(schedule("delay", null, null, at, "PT5M", null), ZoneOffset.UTC))
                .isEqualTo("at 1 Dec 2026, 09:05 UTC");
        assertThat(ScheduleWords.of(schedule("delay", null, null, null, "PT5M", null), ZoneOffset.UTC))
                .isEqualTo("once, after 5 min");
        assertThat(ScheduleWords.of(schedule("now", null, null, at, null, null), ZoneOffset.UTC))
                .isEqualTo("once, right away");
    }

    @Test
    void aCronScheduleIsPhrasedWithItsOwnZoneNotTheDisplayZone() {
        assertThat(ScheduleWords.of(schedule("cron", "30 9 * * 1", "America/New_York", null, null, null), BERLIN))
                .isEqualTo("every Monday at 09:30 America/New_York");
    }

    @Test
    void durationsReadShortInFacts() {
        assertThat(Durations.brief("PT30S")).isEqualTo("30 s");
        assertThat(Durations.brief("PT1H30M")).isEqualTo("1 h 30 min");
        assertThat(Durations.brief("P1D")).isEqualTo("1 d");
        assertThat(Durations.brief("PT0S")).isEqualTo("none");
        assertThat(Durations.brief("PT0.25S")).isEqualTo("250 ms");
        assertThat(Durations.brief("soon")).isEqualTo("soon");
        assertThat(Durations.brief(null)).isEqualTo("—");
    }
}
