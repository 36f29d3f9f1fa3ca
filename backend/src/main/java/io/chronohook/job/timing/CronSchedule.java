package io.chronohook.job.timing;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.BitSet;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** A Unix cron expression, optionally with a leading seconds field, in an IANA time zone, with Vixie cron's day and DST rules. */
public final class CronSchedule implements FireSchedule {

    /*
     * Fields are matched against local wall-clock time. When the clocks jump forward, a fixed-time job (neither the
     * minute nor the hour field starts with '*') whose time is skipped fires once at the first instant after the jump,
     * and a wildcard job skips the missing times. When the clocks fall back, a fixed-time job fires only in the first
     * pass of the repeated times, and a wildcard job fires in both, keeping its cadence in real time.
     */

    /** Any expression that can fire at all fires within one 400-year Gregorian cycle. */
    private static final long HORIZON_YEARS = 401;

    private static final Map<String, String> MACROS = Map.of(
            "@hourly", "0 * * * *",
            "@daily", "0 0 * * *",
            "@midnight", "0 0 * * *",
            "@weekly", "0 0 * * 0",
            "@monthly", "0 0 1 * *",
            "@yearly", "0 0 1 1 *",
            "@annually", "0 0 1 1 *");

    private final String expression;
    private final ZoneId zone;
    private final boolean hasSeconds;
    private final boolean fixedTime;
    private final CronFields fields;

    private CronSchedule(String expression, ZoneId zone, boolean hasSeconds, boolean fixedTime, CronFields fields) {
        this.expression = expression;
        this.zone = zone;
        this.hasSeconds = hasSeconds;
        this.fixedTime = fixedTime;
        this.fields = fields;
    }

    /**
     * Parses {@code minute hour day-of-month month day-of-week}, the same with a leading seconds field, or a macro
     * ({@code @hourly}, {@code @daily}/{@code @midnight}, {@code @weekly}, {@code @monthly}, {@code @yearly}/{@code @annually}).
     *
     * @param expression the cron expression
     * @param zone the IANA time zone the expression's wall-clock times are in
     * @return the schedule
     * @throws InvalidScheduleException when the expression is malformed or can never fire; the message names the problem
     */
    public static CronSchedule parse(String expression, ZoneId zone) {
        Objects.requireNonNull(zone, "zone");
        if (expression == null || expression.isBlank()) {
            throw new InvalidScheduleException("expression is empty");
        }
        String written = expression.strip();
        String[] texts = (written.startsWith("@") ? expandMacro(written) : written).split("\\s+");
        if (texts.length != 5 && texts.length != 6) {
            throw new InvalidScheduleException("expected 5 fields (or 6 with seconds), got " + texts.length);
        }
        boolean hasSeconds = texts.length == 6;
        int first = hasSeconds ? 1 : 0;
        String minuteText = texts[first];
        String hourText = texts[first + 1];
        String dayOfMonthText = texts[first + 2];
        String monthText = texts[first + 3];
        String dayOfWeekText = texts[first + 4];

        BitSet seconds = hasSeconds ? CronField.SECOND.values(texts[0]) : onlyZero();
        CronFields fields = new CronFields(
                seconds,
                CronField.MINUTE.values(minuteText),
                CronField.HOUR.values(hourText),
                CronField.DAY_OF_MONTH.values(dayOfMonthText),
                CronField.MONTH.values(monthText),
                CronField.DAY_OF_WEEK.values(dayOfWeekText),
                dayOfMonthText.startsWith("*"),
                dayOfWeekText.startsWith("*"));
        if (fields.daysMustMatchBoth() && !dayOfMonthText.startsWith("*") && !anyDayExists(fields)) {
            throw CronField.DAY_OF_MONTH.invalid(
                    "\"" + dayOfMonthText + "\" never occurs in month \"" + monthText + "\", so the job would never fire");
        }
        boolean fixedTime = !minuteText.startsWith("*") && !hourText.startsWith("*");
        return new CronSchedule(written, zone, hasSeconds, fixedTime, fields);
    }

    /** The expression as written, without surrounding blanks. */
    public String expression() {
        return expression;
    }

    /** The time zone the expression's wall-clock times are in. */
    public ZoneId zone() {
        return zone;
    }

    /** Whether the expression has the leading seconds field (six fields). */
    public boolean hasSeconds() {
        return hasSeconds;
    }

    /** Whether neither the minute nor the hour field starts with {@code *}; such jobs get the fixed-time DST rule. */
    boolean fixedTime() {
        return fixedTime;
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
        Objects.requireNonNull(after, "after");
        try {
            return Optional.ofNullable(next(after));
        } catch (DateTimeException | ArithmeticException beyondTimeline) {
            return Optional.empty();
        }
    }

    /**
     * Walks the zone's offset periods from {@code after}: within each period local time maps to instants one to one,
     * so the first matching local time inside a period is the next fire. Between periods the DST rules apply.
     */
    private Instant next(Instant after) {
        ZoneRules rules = zone.getRules();
        ZoneOffset offset = rules.getOffset(after);
        LocalDateTime localAfter = LocalDateTime.ofInstant(after, offset);
        LocalDateTime horizon = localAfter.plusYears(HORIZON_YEARS);
        LocalDateTime from = localAfter.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        if (fixedTime) {
            // In the second pass of a repeated hour a fixed-time job must not fire again.
            ZoneOffsetTransition started = rules.previousTransition(after.plusNanos(1));
            if (started != null && started.isOverlap() && started.getDateTimeBefore().isAfter(from)) {
                from = started.getDateTimeBefore();
            }
        }
        Instant periodStart = after;
        while (true) {
            ZoneOffsetTransition transition = rules.nextTransition(periodStart);
            boolean lastPeriod = transition == null || !transition.getDateTimeBefore().isBefore(horizon);
            LocalDateTime periodEnd = lastPeriod ? horizon : transition.getDateTimeBefore();
            LocalDateTime match = fields.nextMatch(from, periodEnd);
            if (match != null) {
                return match.toInstant(offset);
            }
            if (lastPeriod) {
                return null;
            }
            periodStart = transition.getInstant();
            offset = transition.getOffsetAfter();
            if (transition.isGap()) {
                // Wall-clock times in [before, after) do not exist that day.
                if (fixedTime && fields.nextMatch(transition.getDateTimeBefore(), transition.getDateTimeAfter()) != null) {
                    return transition.getInstant();
                }
                from = transition.getDateTimeAfter();
            } else {
                // Wall-clock times in [after, before) happen twice; fixed-time jobs had their turn in the first pass.
                from = fixedTime ? transition.getDateTimeBefore() : transition.getDateTimeAfter();
            }
        }
    }

    private static String expandMacro(String macro) {
        String fields = MACROS.get(macro.toLowerCase(Locale.ROOT));
        if (fields == null) {
            throw new InvalidScheduleException("unknown macro \"" + macro
                    + "\" (use @hourly, @daily, @midnight, @weekly, @monthly, @yearly or @annually)");
        }
        return fields;
    }

    private static BitSet onlyZero() {
        BitSet zero = new BitSet();
        zero.set(0);
        return zero;
    }

    /** Whether some allowed day of month exists in some allowed month (February counted with 29 days). */
    private static boolean anyDayExists(CronFields fields) {
        for (Month month : Month.values()) {
            if (fields.allowsMonth(month.getValue())) {
                for (int day = 1; day <= month.maxLength(); day++) {
                    if (fields.allowsDayOfMonth(day)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CronSchedule that && expression.equals(that.expression) && zone.equals(that.zone);
    }

    @Override
    public int hashCode() {
        return Objects.hash(expression, zone);
    }

    @Override
    public String toString() {
        return "CronSchedule[" + expression + " in " + zone + "]";
    }
}
