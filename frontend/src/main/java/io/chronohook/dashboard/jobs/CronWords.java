package io.chronohook.dashboard.jobs;

import java.time.DayOfWeek;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Phrases a cron expression (5 fields, 6 with seconds first, or a macro) in words, with Vixie cron's day rule: when
 * neither day field starts with {@code *} a day matches if either does, otherwise both must match. It works on the
 * sets of values each field allows and only phrases the shapes it can say exactly; anything else is left unphrased
 * (empty), so the caller shows the expression itself. Never guesses.
 */
final class CronWords {

    /** At most this many clock times or dates are listed ("at 09:00 and 17:00"); more are not phrased. */
    private static final int MAX_LISTED = 4;

    private static final Map<String, String> MACROS = Map.of(
            "@hourly", "0 * * * *",
            "@daily", "0 0 * * *",
            "@midnight", "0 0 * * *",
            "@weekly", "0 0 * * 0",
            "@monthly", "0 0 1 * *",
            "@yearly", "0 0 1 1 *",
            "@annually", "0 0 1 1 *");
    private static final List<String> MONTH_NAMES =
            List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC");
    private static final List<String> DAY_NAMES = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT");

    private CronWords() {
    }

    /** The expression in words with its zone where the words name a time of day or a day, or empty. */
    static Optional<String> phrase(String expression, String zone) {
        if (expression == null || expression.isBlank()) {
            return Optional.empty();
        }
        String text = expression.strip();
        if (text.startsWith("@")) {
            text = MACROS.get(text.toLowerCase(Locale.ROOT));
            if (text == null) {
                return Optional.empty();
            }
        }
        String[] f = text.split("\\s+");
        if (f.length != 5 && f.length != 6) {
            return Optional.empty();
        }
        int o = f.length - 5;
        BitSet seconds = o == 1 ? values(f[0], 0, 59, List.of()) : single(0);
        BitSet minutes = values(f[o], 0, 59, List.of());
        BitSet hours = values(f[o + 1], 0, 23, List.of());
        BitSet days = values(f[o + 2], 1, 31, List.of());
        BitSet months = values(f[o + 3], 1, 12, MONTH_NAMES);
        BitSet weekdays = values(f[o + 4], 0, 7, DAY_NAMES);
        if (seconds == null || minutes == null || hours == null || days == null || months == null || weekdays == null) {
            return Optional.empty();
        }
        if (weekdays.get(7)) {
            weekdays.clear(7);
            weekdays.set(0);
        }
        Fields fields = new Fields(seconds, minutes, hours, days, months, weekdays,
                f[o + 2].startsWith("*"), f[o + 4].startsWith("*"));
        Optional<Time> time = time(fields);
        Optional<Days> day = days(fields);
        if (time.isEmpty() || day.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(compose(time.get(), day.get(), zone));
    }

    /** The allowed values of each field; the day fields also say whether their text starts with {@code *}. */
    private record Fields(BitSet seconds, BitSet minutes, BitSet hours, BitSet days, BitSet months, BitSet weekdays,
                          boolean daysStar, boolean weekdaysStar) {
    }

    /**
     * When in a day the job fires: a list of clock times ({@code fixed}, "at 09:00 and 17:00"), or a cadence
     * ("every 15 minutes") possibly inside a window of the day ("from 09:00 to 17:45").
     */
    private record Time(String text, boolean fixed, String window) {
    }

    /** Which days: every day, some weekdays, or some days of the month (phrases for fixed times and for cadences). */
    private record Days(String fixedPhrase, String cadencePhrase, boolean restricted) {
    }

    private static Optional<Time> time(Fields f) {
        BitSet s = f.seconds();
        BitSet m = f.minutes();
        BitSet h = f.hours();
        boolean allMinutes = m.cardinality() == 60;
        boolean allHours = h.cardinality() == 24;
        if (s.cardinality() == 60 && allMinutes && allHours) {
            return cadence("every second");
        }
        int secondStep = stepFromZero(s, 60);
        if (secondStep > 1 && allMinutes && allHours) {
            return cadence(Durations.every(secondStep, "second"));
        }
        if (s.cardinality() != 1) {
            return Optional.empty();
        }
        int second = s.nextSetBit(0);
        if ((long) m.cardinality() * h.cardinality() <= MAX_LISTED) {
            List<String> times = new ArrayList<>();
            for (int hour = h.nextSetBit(0); hour >= 0; hour = h.nextSetBit(hour + 1)) {
                for (int minute = m.nextSetBit(0); minute >= 0; minute = m.nextSetBit(minute + 1)) {
                    times.add(clock(hour, minute, second));
                }
            }
            return Optional.of(new Time("at " + and(times), true, null));
        }
        if (second != 0) {
            return Optional.empty();
        }
        int minuteStep = stepFromZero(m, 60);
        String perMinutes = allMinutes ? "every minute" : minuteStep > 1 ? Durations.every(minuteStep, "minute") : null;
        if (allHours) {
            if (perMinutes != null) {
                return cadence(perMinutes);
            }
            if (m.cardinality() == 1) {
                int minute = m.nextSetBit(0);
                return cadence(minute == 0 ? "every hour" : "every hour at :" + two(minute));
            }
            return Optional.empty();
        }
        int hourStep = stepFromZero(h, 24);
        if (m.cardinality() == 1 && hourStep > 1) {
            int minute = m.nextSetBit(0);
            String every = Durations.every(hourStep, "hour");
            return cadence(minute == 0 ? every : every + " at :" + two(minute));
        }
        int first = h.nextSetBit(0);
        int last = h.length() - 1;
        boolean contiguous = last - first + 1 == h.cardinality();
        if (!contiguous) {
            return Optional.empty();
        }
        if (m.cardinality() == 1) {
            int minute = m.nextSetBit(0);
            return Optional.of(new Time("every hour", false,
                    "from " + clock(first, minute, 0) + " to " + clock(last, minute, 0)));
        }
        if (perMinutes != null) {
            int lastMinute = m.length() - 1;
            return Optional.of(new Time(perMinutes, false,
                    "from " + clock(first, 0, 0) + " to " + clock(last, lastMinute, 0)));
        }
        return Optional.empty();
    }

    private static Optional<Time> cadence(String text) {
        return Optional.of(new Time(text, false, null));
    }

    private static Optional<Days> days(Fields f) {
        boolean allDays = f.days().cardinality() == 31;
        boolean allWeekdays = f.weekdays().cardinality() == 7;
        boolean allMonths = f.months().cardinality() == 12;
        String in = allMonths ? "" : " in " + and(monthNames(f.months()));
        if (!f.daysStar() && !f.weekdaysStar()) {
            // Either day field may match: only phrased when one of them already allows every day.
            if (!allDays && !allWeekdays) {
                return Optional.empty();
            }
            return Optional.of(new Days("every day" + in, in.strip(), !allMonths));
        }
        if (allDays && allWeekdays) {
            return Optional.of(new Days("every day" + in, in.strip(), !allMonths));
        }
        if (allDays) {
            return Optional.of(weekdays(f.weekdays(), in));
        }
        if (allWeekdays) {
            return daysOfMonth(f.days(), f.months());
        }
        return Optional.empty();
    }

    private static Days weekdays(BitSet weekdays, String in) {
        BitSet workweek = new BitSet();
        workweek.set(1, 6);
        if (weekdays.equals(workweek)) {
            return new Days("every weekday" + in, "on weekdays" + in, true);
        }
        List<String> names = new ArrayList<>();
        List<String> plural = new ArrayList<>();
        for (DayOfWeek day : DayOfWeek.values()) {
            if (weekdays.get(day.getValue() % 7)) {
                String name = day.getDisplayName(TextStyle.FULL, Locale.ENGLISH);
                names.add(name);
                plural.add(name + "s");
            }
        }
        return new Days("every " + and(names) + in, "on " + and(plural) + in, true);
    }

    private static Optional<Days> daysOfMonth(BitSet days, BitSet months) {
        if (months.cardinality() == 12) {
            if (days.cardinality() > MAX_LISTED || days.length() - 1 > 28) {
                // The 29th to 31st do not occur in every month: saying "every month" would be wrong.
                return Optional.empty();
            }
            List<String> ordinals = new ArrayList<>();
            for (int day = days.nextSetBit(0); day >= 0; day = days.nextSetBit(day + 1)) {
                ordinals.add(ordinal(day));
            }
            return Optional.of(new Days("every month on the " + and(ordinals),
                    "on the " + and(ordinals) + " of every month", true));
        }
        if ((long) days.cardinality() * months.cardinality() > MAX_LISTED) {
            return Optional.empty();
        }
        List<String> dates = new ArrayList<>();
        for (int month = months.nextSetBit(1); month >= 0; month = months.nextSetBit(month + 1)) {
            Month named = Month.of(month);
            for (int day = days.nextSetBit(0); day >= 0; day = days.nextSetBit(day + 1)) {
                if (day > named.minLength()) {
                    // 29 February, 31 April: not every year, or never.
                    return Optional.empty();
                }
                dates.add(day + " " + named.getDisplayName(TextStyle.FULL, Locale.ENGLISH));
            }
        }
        return Optional.of(new Days("every year on " + and(dates), "on " + and(dates), true));
    }

    private static String compose(Time time, Days days, String zone) {
        if (time.fixed()) {
            return days.fixedPhrase() + " " + time.text() + " " + zone;
        }
        String text = time.text() + (days.cadencePhrase().isEmpty() ? "" : " " + days.cadencePhrase());
        if (time.window() != null) {
            return text + " " + time.window() + " " + zone;
        }
        return days.restricted() ? text + " (" + zone + ")" : text;
    }

    /** The step {@code n} when the set is exactly 0, n, 2n, … up to the field's end and n divides the field's size. */
    private static int stepFromZero(BitSet values, int size) {
        int count = values.cardinality();
        if (count < 2 || !values.get(0) || size % count != 0) {
            return 0;
        }
        int step = size / count;
        for (int value = 0; value < size; value += step) {
            if (!values.get(value)) {
                return 0;
            }
        }
        return step;
    }

    /**
     * The values a field allows: lists of {@code *}, {@code n}, {@code a-b}, each optionally {@code /step}, numbers or
     * names; null for anything else (L, W, #, ?, out-of-range values), which the caller leaves unphrased.
     */
    static BitSet values(String text, int min, int max, List<String> names) {
        BitSet values = new BitSet();
        for (String element : text.split(",", -1)) {
            int slash = element.indexOf('/');
            String base = slash < 0 ? element : element.substring(0, slash);
            int step = 1;
            if (slash >= 0) {
                Integer parsed = number(element.substring(slash + 1), List.of(), 1, Integer.MAX_VALUE, false);
                if (parsed == null) {
                    return null;
                }
                step = parsed;
            }
            int from;
            int to;
            if (base.equals("*")) {
                from = min;
                to = names == DAY_NAMES ? 6 : max;
            } else {
                String[] ends = base.split("-", -1);
                if (ends.length > 2) {
                    return null;
                }
                Integer start = number(ends[0], names, min, max, false);
                Integer end = ends.length == 2 ? number(ends[1], names, min, max, true) : null;
                if (start == null || (ends.length == 2 && end == null)) {
                    return null;
                }
                from = start;
                to = ends.length == 2 ? end : slash >= 0 ? max : start;
                if (to < from) {
                    return null;
                }
            }
            for (int value = from; value <= to; value += step) {
                values.set(value);
            }
        }
        return values;
    }

    private static Integer number(String text, List<String> names, int min, int max, boolean endOfRange) {
        int value;
        if (text.matches("[0-9]{1,6}")) {
            value = Integer.parseInt(text);
        } else if (text.matches("[A-Za-z]{3}") && names.contains(text.toUpperCase(Locale.ROOT))) {
            int index = names.indexOf(text.toUpperCase(Locale.ROOT));
            // SUN closing a range (MON-SUN) is 7; months are 1-based.
            value = names == MONTH_NAMES ? index + 1 : index == 0 && endOfRange ? 7 : index;
        } else {
            return null;
        }
        return value < min || value > max ? null : value;
    }

    private static BitSet single(int value) {
        BitSet set = new BitSet();
        set.set(value);
        return set;
    }

    private static List<String> monthNames(BitSet months) {
        List<String> names = new ArrayList<>();
        for (int month = months.nextSetBit(1); month >= 0; month = months.nextSetBit(month + 1)) {
            names.add(Month.of(month).getDisplayName(TextStyle.FULL, Locale.ENGLISH));
        }
        return names;
    }

    private static String clock(int hour, int minute, int second) {
        return two(hour) + ":" + two(minute) + (second == 0 ? "" : ":" + two(second));
    }

    private static String two(int value) {
        return value < 10 ? "0" + value : String.valueOf(value);
    }

    static String ordinal(int day) {
        String suffix = day % 100 >= 11 && day % 100 <= 13 ? "th"
                : switch (day % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return day + suffix;
    }

    /** "a", "a and b", "a, b and c". */
    static String and(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.getFirst();
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }
}
