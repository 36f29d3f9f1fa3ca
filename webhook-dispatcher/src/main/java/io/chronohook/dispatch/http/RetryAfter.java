package io.chronohook.dispatch.http;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code Retry-After} response header (RFC 9110 §10.2.3): delta-seconds or an HTTP-date in any of its three
 * forms. Used by the response classifier; the retry planner honours the result within the job's limits.
 */
public final class RetryAfter {

    /** Longer delays are cut to this, so callers can add the result to an instant safely. */
    public static final Duration MAX = Duration.ofDays(365);

    private static final Pattern DELTA_SECONDS = Pattern.compile("(-?)([0-9]+)");
    private static final String MONTHS = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    private static final String TIME = "([0-9]{2}):([0-9]{2}):([0-9]{2})";
    // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
    private static final Pattern IMF_FIXDATE = Pattern.compile(
            "[A-Za-z]{3}, ([0-9]{1,2}) " + MONTHS + " ([0-9]{4}) " + TIME + " GMT", Pattern.CASE_INSENSITIVE);
    // obsolete RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
    private static final Pattern RFC_850 = Pattern.compile(
            "[A-Za-z]+, ([0-9]{1,2})-" + MONTHS + "-([0-9]{2}) " + TIME + " GMT", Pattern.CASE_INSENSITIVE);
    // obsolete asctime: Sun Nov  6 08:49:37 1994
    private static final Pattern ASCTIME = Pattern.compile(
            "[A-Za-z]{3} " + MONTHS + " +([0-9]{1,2}) " + TIME + " ([0-9]{4})", Pattern.CASE_INSENSITIVE);

    private RetryAfter() {
    }

    /**
     * The delay the receiver asked for, measured from {@code now} (when the response arrived): negative delays and
     * dates in the past become zero; a missing or unreadable header gives empty.
     */
    public static Optional<Duration> parse(String value, Instant now) {
        if (value == null) {
            return Optional.empty();
        }
        String trimmed = value.strip();
        Matcher delta = DELTA_SECONDS.matcher(trimmed);
        if (delta.matches()) {
            if (!delta.group(1).isEmpty()) {
                return Optional.of(Duration.ZERO);
            }
            return Optional.of(seconds(delta.group(2)));
        }
        return httpDate(trimmed, now).map(date -> clamp(Duration.between(now, date)));
    }

    private static Duration seconds(String digits) {
        String significant = digits.replaceFirst("^0+(?=.)", "");
        if (significant.length() > 12) {
            return MAX;
        }
        return clamp(Duration.ofSeconds(Long.parseLong(significant)));
    }

    private static Optional<Instant> httpDate(String value, Instant now) {
        try {
            Matcher m = IMF_FIXDATE.matcher(value);
            if (m.matches()) {
                return Optional.of(instant(Integer.parseInt(m.group(3)), m.group(2), m.group(1), m, 4));
            }
            m = RFC_850.matcher(value);
            if (m.matches()) {
                return Optional.of(instant(fullYear(Integer.parseInt(m.group(3)), now), m.group(2), m.group(1), m, 4));
            }
            m = ASCTIME.matcher(value);
            if (m.matches()) {
                return Optional.of(instant(Integer.parseInt(m.group(6)), m.group(1), m.group(2), m, 3));
            }
        } catch (DateTimeException e) {
            // 31 Feb, 25:00:00 and the like: unreadable, like any other garbage
        }
        return Optional.empty();
    }

    private static Instant instant(int year, String month, String day, Matcher m, int firstTimeGroup) {
        LocalDate date = LocalDate.of(year, monthOf(month), Integer.parseInt(day));
        LocalTime time = LocalTime.of(Integer.parseInt(m.group(firstTimeGroup)),
                Integer.parseInt(m.group(firstTimeGroup + 1)), Integer.parseInt(m.group(firstTimeGroup + 2)));
        return ZonedDateTime.of(date, time, ZoneOffset.UTC).toInstant();
    }

    private static Month monthOf(String abbreviation) {
        String upper = abbreviation.toUpperCase(Locale.ROOT);
        for (Month month : Month.values()) {
            if (month.name().startsWith(upper)) {
                return month;
            }
        }
        throw new DateTimeException("unknown month " + abbreviation);
    }

    /** RFC 9110: a two-digit year more than 50 years in the future means the most recent past year with those digits. */
    private static int fullYear(int twoDigits, Instant now) {
        int currentYear = now.atZone(ZoneOffset.UTC).getYear();
        int year = currentYear - Math.floorMod(currentYear, 100) + twoDigits;
        return year > currentYear + 50 ? year - 100 : year;
    }

    private static Duration clamp(Duration delay) {
        if (delay.isNegative()) {
            return Duration.ZERO;
        }
        return delay.compareTo(MAX) > 0 ? MAX : delay;
    }
}
