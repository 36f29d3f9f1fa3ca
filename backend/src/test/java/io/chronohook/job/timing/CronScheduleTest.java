package io.chronohook.job.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CronScheduleTest {

    /*
     * Transitions used below (checked against java.time's ZoneRules for 2027):
     *   America/New_York     2027-03-14 02:00 EST -> 03:00 EDT at 07:00Z (gap 02:00-02:59)
     *                        2027-11-07 02:00 EDT -> 01:00 EST at 06:00Z (01:00-01:59 twice)
     *   Europe/Berlin        2027-03-28 02:00 CET -> 03:00 CEST at 01:00Z (gap 02:00-02:59)
     *                        2027-10-31 03:00 CEST -> 02:00 CET at 01:00Z (02:00-02:59 twice)
     *   Australia/Lord_Howe  2027-04-04 02:00 +11:00 -> 01:30 +10:30 at 2027-04-03T15:00Z (01:30-01:59 twice)
     *                        2027-10-03 02:00 +10:30 -> 02:30 +11:00 at 2027-10-02T15:30Z (gap 02:00-02:29)
     *   Asia/Kolkata         +05:30 all year
     * Weekdays: 2027-01-01 is a Friday, 2027-03-01 a Monday, 2027-08-01 a Sunday, 2028-01-01 a Saturday.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        # New York, spring forward
        fixed 02:30 in the New York gap fires at 03:00 EDT, the first instant after the gap | 30 2 * * * | America/New_York | 2027-03-13T00:00:00Z | 2027-03-13T07:30:00Z 2027-03-14T07:00:00Z 2027-03-15T06:30:00Z
        two fixed times inside the gap fire once                                          | 0,30 2 * * * | America/New_York | 2027-03-14T00:00:00Z | 2027-03-14T07:00:00Z 2027-03-15T06:00:00Z 2027-03-15T06:30:00Z
        fixed 03:00 on the spring-forward day is the first instant after the gap          | 0 3 * * * | America/New_York | 2027-03-14T00:00:00Z | 2027-03-14T07:00:00Z 2027-03-15T07:00:00Z
        fixed 01:59 just before the gap fires normally in EST                             | 59 1 * * * | America/New_York | 2027-03-14T00:00:00Z | 2027-03-14T06:59:00Z 2027-03-15T05:59:00Z
        wildcard every 30 minutes goes from 01:30 EST to 03:00 EDT                        | */30 * * * * | America/New_York | 2027-03-14T06:00:00Z | 2027-03-14T06:30:00Z 2027-03-14T07:00:00Z 2027-03-14T07:30:00Z
        wildcard hour skips the missing 02:30                                              | 30 * * * * | America/New_York | 2027-03-14T06:00:00Z | 2027-03-14T06:30:00Z 2027-03-14T07:30:00Z 2027-03-14T08:30:00Z
        hourly macro over the gap fires every real hour                                    | @hourly | America/New_York | 2027-03-14T05:30:00Z | 2027-03-14T06:00:00Z 2027-03-14T07:00:00Z 2027-03-14T08:00:00Z
        # New York, fall back
        fixed 01:30 on the fall-back day fires once, at 01:30 EDT                         | 30 1 * * * | America/New_York | 2027-11-06T12:00:00Z | 2027-11-07T05:30:00Z 2027-11-08T06:30:00Z
        fixed 01:30 asked from inside the second pass waits for the next day              | 30 1 * * * | America/New_York | 2027-11-07T06:15:00Z | 2027-11-08T06:30:00Z
        wildcard every 30 minutes fires in both passes of the repeated hour               | */30 * * * * | America/New_York | 2027-11-07T04:45:00Z | 2027-11-07T05:00:00Z 2027-11-07T05:30:00Z 2027-11-07T06:00:00Z 2027-11-07T06:30:00Z 2027-11-07T07:00:00Z
        hourly macro fires at 01:00 EDT and again at 01:00 EST                            | @hourly | America/New_York | 2027-11-07T04:30:00Z | 2027-11-07T05:00:00Z 2027-11-07T06:00:00Z 2027-11-07T07:00:00Z
        fixed hour range skips the second 01:00                                           | 0 1-3 * * * | America/New_York | 2027-11-07T04:00:00Z | 2027-11-07T05:00:00Z 2027-11-07T07:00:00Z 2027-11-07T08:00:00Z
        fixed 02:00 on the fall-back day fires once at 02:00 EST                          | 0 2 * * * | America/New_York | 2027-11-07T00:00:00Z | 2027-11-07T07:00:00Z 2027-11-08T07:00:00Z
        daily macro is midnight EST before and midnight EDT after spring forward          | @daily | America/New_York | 2027-03-14T00:00:00Z | 2027-03-14T05:00:00Z 2027-03-15T04:00:00Z
        # Berlin
        fixed 02:30 in the Berlin gap fires at 03:00 CEST                                 | 30 2 * * * | Europe/Berlin | 2027-03-27T12:00:00Z | 2027-03-28T01:00:00Z 2027-03-29T00:30:00Z
        wildcard every 20 minutes goes from 01:40 CET to 03:00 CEST                        | */20 * * * * | Europe/Berlin | 2027-03-28T00:30:00Z | 2027-03-28T00:40:00Z 2027-03-28T01:00:00Z 2027-03-28T01:20:00Z
        wildcard minutes in hour 2 invent nothing on the spring-forward day               | */30 2 * * * | Europe/Berlin | 2027-03-27T12:00:00Z | 2027-03-29T00:00:00Z 2027-03-29T00:30:00Z
        fixed 02:30 in Berlin fires at 02:30 CEST only on the fall-back day               | 30 2 * * * | Europe/Berlin | 2027-10-30T12:00:00Z | 2027-10-31T00:30:00Z 2027-11-01T01:30:00Z
        fixed list in the repeated hour skips the second pass                             | 15,45 2 * * * | Europe/Berlin | 2027-10-31T00:20:00Z | 2027-10-31T00:45:00Z 2027-11-01T01:15:00Z 2027-11-01T01:45:00Z
        wildcard minutes in hour 2 fire in both passes in Berlin                          | */30 2 * * * | Europe/Berlin | 2027-10-30T12:00:00Z | 2027-10-31T00:00:00Z 2027-10-31T00:30:00Z 2027-10-31T01:00:00Z 2027-10-31T01:30:00Z 2027-11-01T01:00:00Z
        # Lord Howe, half-hour shifts
        fixed 02:15 in the half-hour Lord Howe gap fires at 02:30 +11:00                  | 15 2 * * * | Australia/Lord_Howe | 2027-10-02T00:00:00Z | 2027-10-02T15:30:00Z 2027-10-03T15:15:00Z
        fixed 02:00 at the start of the Lord Howe gap fires at its end                    | 0 2 * * * | Australia/Lord_Howe | 2027-10-02T00:00:00Z | 2027-10-02T15:30:00Z 2027-10-03T15:00:00Z
        wildcard every 15 minutes steps over the Lord Howe gap                            | */15 * * * * | Australia/Lord_Howe | 2027-10-02T15:10:00Z | 2027-10-02T15:15:00Z 2027-10-02T15:30:00Z 2027-10-02T15:45:00Z
        wildcard every 15 minutes repeats 01:30 to 01:59 on Lord Howe                     | */15 * * * * | Australia/Lord_Howe | 2027-04-03T14:20:00Z | 2027-04-03T14:30:00Z 2027-04-03T14:45:00Z 2027-04-03T15:00:00Z 2027-04-03T15:15:00Z 2027-04-03T15:30:00Z
        fixed 01:45 on Lord Howe fires only in the first pass                             | 45 1 * * * | Australia/Lord_Howe | 2027-04-03T12:00:00Z | 2027-04-03T14:45:00Z 2027-04-04T15:15:00Z
        # Kolkata
        Kolkata 09:00 is 03:30 UTC every day                                               | 0 9 * * * | Asia/Kolkata | 2027-03-14T00:00:00Z | 2027-03-14T03:30:00Z 2027-03-15T03:30:00Z
        Kolkata New Year's Eve 23:30 is 18:00 UTC                                          | 30 23 31 12 * | Asia/Kolkata | 2027-06-01T00:00:00Z | 2027-12-31T18:00:00Z 2028-12-31T18:00:00Z
        # Calendar
        leap day waits for the next leap year                                              | 0 0 29 2 * | UTC | 2027-03-01T00:00:00Z | 2028-02-29T00:00:00Z 2032-02-29T00:00:00Z
        day 31 skips thirty-day months                                                     | 0 0 31 * * | UTC | 2027-03-31T00:00:00Z | 2027-05-31T00:00:00Z 2027-07-31T00:00:00Z 2027-08-31T00:00:00Z 2027-10-31T00:00:00Z
        starred day of month with a weekday needs both: Mondays on odd days               | 0 0 */2 * 1 | UTC | 2027-03-01T00:00:00Z | 2027-03-15T00:00:00Z 2027-03-29T00:00:00Z 2027-04-05T00:00:00Z 2027-04-19T00:00:00Z
        starred day of week with a day of month needs both                                 | 0 0 1 * */2 | UTC | 2027-01-01T00:00:00Z | 2027-04-01T00:00:00Z 2027-05-01T00:00:00Z 2027-06-01T00:00:00Z 2027-07-01T00:00:00Z
        two restricted day fields match either: every 13th and every Friday              | 0 12 13 * 5 | UTC | 2027-08-01T00:00:00Z | 2027-08-06T12:00:00Z 2027-08-13T12:00:00Z 2027-08-20T12:00:00Z 2027-08-27T12:00:00Z 2027-09-03T12:00:00Z 2027-09-10T12:00:00Z 2027-09-13T12:00:00Z
        impossible day of month still fires on the weekday it is ORed with                | 0 0 30 2 1 | UTC | 2027-01-01T00:00:00Z | 2027-02-01T00:00:00Z 2027-02-08T00:00:00Z 2027-02-15T00:00:00Z 2027-02-22T00:00:00Z 2028-02-07T00:00:00Z
        month and weekday names                                                            | 0 9 * JAN,JUL MON-FRI | UTC | 2027-06-30T00:00:00Z | 2027-07-01T09:00:00Z 2027-07-02T09:00:00Z 2027-07-05T09:00:00Z
        names are case-insensitive and the year wraps to the next January                 | 0 9 * jan,Jul mon-fri | UTC | 2027-07-31T00:00:00Z | 2028-01-03T09:00:00Z 2028-01-04T09:00:00Z
        day of week 7 is Sunday                                                            | 0 0 * * 7 | UTC | 2027-03-01T00:00:00Z | 2027-03-07T00:00:00Z 2027-03-14T00:00:00Z
        a range ending in 7 includes Sunday                                                | 0 0 * * 5-7 | UTC | 2027-03-01T00:00:00Z | 2027-03-05T00:00:00Z 2027-03-06T00:00:00Z 2027-03-07T00:00:00Z 2027-03-12T00:00:00Z
        a range starting on SUN starts the week                                            | 0 0 * * SUN-TUE | UTC | 2027-03-01T00:00:00Z | 2027-03-02T00:00:00Z 2027-03-07T00:00:00Z 2027-03-08T00:00:00Z
        a range ending on SUN ends the week                                                | 0 0 * * FRI-SUN | UTC | 2027-03-01T00:00:00Z | 2027-03-05T00:00:00Z 2027-03-06T00:00:00Z 2027-03-07T00:00:00Z 2027-03-12T00:00:00Z
        stepped range                                                                      | 10-50/10 * * * * | UTC | 2027-01-01T00:00:00Z | 2027-01-01T00:10:00Z 2027-01-01T00:20:00Z 2027-01-01T00:30:00Z 2027-01-01T00:40:00Z 2027-01-01T00:50:00Z 2027-01-01T01:10:00Z
        weekly macro is Sunday midnight                                                    | @weekly | UTC | 2027-03-01T00:00:00Z | 2027-03-07T00:00:00Z 2027-03-14T00:00:00Z
        monthly macro is the first at midnight                                             | @monthly | UTC | 2027-01-31T00:00:00Z | 2027-02-01T00:00:00Z 2027-03-01T00:00:00Z
        yearly macro asked at New Year fires the next New Year                            | @yearly | UTC | 2027-01-01T00:00:00Z | 2028-01-01T00:00:00Z 2029-01-01T00:00:00Z
        annually and midnight macros are aliases                                           | @annually | UTC | 2027-06-01T00:00:00Z | 2028-01-01T00:00:00Z
        midnight macro                                                                     | @midnight | Asia/Kolkata | 2027-01-01T00:00:00Z | 2027-01-01T18:30:00Z 2027-01-02T18:30:00Z
        seconds field every 10 seconds                                                     | */10 * * * * * | UTC | 2027-01-01T00:00:05Z | 2027-01-01T00:00:10Z 2027-01-01T00:00:20Z 2027-01-01T00:00:30Z
        seconds field at a fixed minute keeps EST until the gap                            | */20 59 1 * * * | America/New_York | 2027-03-14T06:58:00Z | 2027-03-14T06:59:00Z 2027-03-14T06:59:20Z 2027-03-14T06:59:40Z 2027-03-15T05:59:00Z
        seconds field with fixed minute and hour in the gap fires once                    | 0,30 30 2 * * * | America/New_York | 2027-03-14T00:00:00Z | 2027-03-14T07:00:00Z 2027-03-15T06:30:00Z 2027-03-15T06:30:30Z
        a fire is strictly after a fractional instant                                      | * * * * * | UTC | 2027-01-01T00:00:59.999Z | 2027-01-01T00:01:00Z 2027-01-01T00:02:00Z
        """)
    void nextFireTimesMatchTheWorkedExamples(String description, String expression, String zone, String after,
                                             String expected) {
        CronSchedule schedule = CronSchedule.parse(expression, ZoneId.of(zone));
        List<Instant> expectedInstants = Arrays.stream(expected.trim().split("\\s+")).map(Instant::parse).toList();

        assertThat(FireTimes.preview(schedule, Instant.parse(after), expectedInstants.size()))
                .as(description)
                .containsExactlyElementsOf(expectedInstants);
    }

    @ParameterizedTest(name = "\"{0}\" is refused with \"{1}\"")
    @CsvSource(delimiter = '|', textBlock = """
        ''                   | expression is empty
        '   '                | expression is empty
        0 0 * *              | expected 5 fields (or 6 with seconds), got 4
        0 0 0 * * * *        | expected 5 fields (or 6 with seconds), got 7
        61 * * * *           | minute field: 61 is out of range 0-59
        0 24 * * *           | hour field: 24 is out of range 0-23
        0 0 32 * *           | day-of-month field: 32 is out of range 1-31
        0 0 0 * *            | day-of-month field: 0 is out of range 1-31
        0 0 * 13 *           | month field: 13 is out of range 1-12
        0 0 * * 8            | day-of-week field: 8 is out of range 0-7
        60 0 0 * * *         | second field: 60 is out of range 0-59
        0-60 * * * *         | minute field: 60 is out of range 0-59
        0 0 * FOO *          | month field: unknown name "FOO" (use JAN-DEC or 1-12)
        0 0 * * MOO          | day-of-week field: unknown name "MOO" (use SUN-SAT or 0-7)
        0 0 * * MONDAY       | day-of-week field: unknown name "MONDAY" (use SUN-SAT or 0-7)
        a * * * *            | minute field: "a" is not a number
        */0 * * * *          | minute field: step 0 is out of range 1-59
        0 */24 * * *         | hour field: step 24 is out of range 1-23
        */x * * * *          | minute field: step "x" is not a number
        /5 * * * *           | minute field: a step needs * or a range before it in "/5"
        1,,2 * * * *         | minute field: empty list element in "1,,2"
        1-5-7 * * * *        | minute field: "1-5-7" is not a valid value or range
        30-10 * * * *        | minute field: range "30-10" runs backwards
        0 0 * * FRI-MON      | day-of-week field: range "FRI-MON" runs backwards
        0 0 L * *            | day-of-month field: "L" is not a number
        0 0 ? * MON          | day-of-month field: "?" is not a valid value
        0 0 * * 1#2          | day-of-week field: "1#2" is not a valid value
        99999999999 * * * *  | minute field: 99999999999 is out of range 0-59
        @reboot              | unknown macro "@reboot" (use @hourly, @daily, @midnight, @weekly, @monthly, @yearly or @annually)
        @fortnightly         | unknown macro "@fortnightly"
        0 0 30 2 *           | day-of-month field: "30" never occurs in month "2", so the job would never fire
        0 0 31 APR,JUN,SEP,NOV * | day-of-month field: "31" never occurs in month "APR,JUN,SEP,NOV"
        """)
    void invalidExpressionsAreRefusedWithAMessageNamingTheProblem(String expression, String message) {
        assertThatThrownBy(() -> CronSchedule.parse(expression, ZoneOffset.UTC))
                .isInstanceOf(InvalidScheduleException.class)
                .hasMessageContaining(message);
    }

    @Test
    void aMissingExpressionIsRefusedAsEmpty() {
        assertThatThrownBy(() -> CronSchedule.parse(null, ZoneOffset.UTC))
                .isInstanceOf(InvalidScheduleException.class)
                .hasMessage("expression is empty");
    }

    @Test
    void accessorsGiveBackWhatWasParsed() {
        CronSchedule fiveFields = CronSchedule.parse("  0 9 * * MON-FRI ", ZoneId.of("Europe/Berlin"));
        CronSchedule sixFields = CronSchedule.parse("*/10 * * * * *", ZoneOffset.UTC);
        CronSchedule macro = CronSchedule.parse("@DAILY", ZoneId.of("Asia/Kolkata"));

        assertThat(fiveFields.expression()).isEqualTo("0 9 * * MON-FRI");
        assertThat(fiveFields.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
        assertThat(fiveFields.hasSeconds()).isFalse();
        assertThat(sixFields.hasSeconds()).isTrue();
        assertThat(macro.expression()).isEqualTo("@DAILY");
        assertThat(macro.hasSeconds()).isFalse();
    }

    @Test
    void onlyMinuteAndHourFieldsStartingWithAStarMakeAWildcardJob() {
        assertThat(CronSchedule.parse("30 2 * * *", ZoneOffset.UTC).fixedTime()).isTrue();
        assertThat(CronSchedule.parse("0 1-3 * * *", ZoneOffset.UTC).fixedTime()).isTrue();
        assertThat(CronSchedule.parse("*/10 30 2 * * *", ZoneOffset.UTC).fixedTime()).isTrue();
        assertThat(CronSchedule.parse("*/30 2 * * *", ZoneOffset.UTC).fixedTime()).isFalse();
        assertThat(CronSchedule.parse("0 */2 * * *", ZoneOffset.UTC).fixedTime()).isFalse();
        assertThat(CronSchedule.parse("@hourly", ZoneOffset.UTC).fixedTime()).isFalse();
        assertThat(CronSchedule.parse("@daily", ZoneOffset.UTC).fixedTime()).isTrue();
    }

    @Test
    void equalExpressionAndZoneMakeEqualSchedules() {
        assertThat(CronSchedule.parse("0 0 * * *", ZoneOffset.UTC))
                .isEqualTo(CronSchedule.parse("0 0 * * *", ZoneOffset.UTC))
                .hasSameHashCodeAs(CronSchedule.parse("0 0 * * *", ZoneOffset.UTC))
                .isNotEqualTo(CronSchedule.parse("0 0 * * *", ZoneId.of("Asia/Kolkata")));
    }

    @Test
    void aScheduleThatFiresOnlyOnRareDatesFindsThemDecadesAhead() {
        // Feb 29 that is also a Sunday (day of week */7 = Sunday, ANDed because it starts with *):
        // 2032-02-29 is a Sunday (2032-01-01 is a Thursday; Jan has 31 days, so Feb 1 is a Sunday; Feb 29 too).
        CronSchedule schedule = CronSchedule.parse("0 0 29 2 */7", ZoneOffset.UTC);

        assertThat(schedule.nextAfter(Instant.parse("2027-01-01T00:00:00Z")))
                .contains(Instant.parse("2032-02-29T00:00:00Z"));
    }

    @Test
    void theEndOfTheTimelineHasNoNextFire() {
        assertThat(CronSchedule.parse("0 0 * * *", ZoneOffset.UTC).nextAfter(Instant.MAX)).isEmpty();
    }
}
