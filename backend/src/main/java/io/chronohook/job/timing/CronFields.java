package io.chronohook.job.timing;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.BitSet;

/**
 * The values each cron field allows, matched against local date-times with the Vixie day-field rule.
 *
 * <p>Day of week uses 0-6 with 0 for Sunday. A day field whose text starts with {@code *} is unrestricted:
 * when either day field is unrestricted a day must match both, otherwise it may match either.
 */
final class CronFields {

    private final BitSet seconds;
    private final BitSet minutes;
    private final BitSet hours;
    private final BitSet daysOfMonth;
    private final BitSet months;
    private final BitSet daysOfWeek;
    private final boolean dayOfMonthStar;
    private final boolean dayOfWeekStar;

    CronFields(BitSet seconds, BitSet minutes, BitSet hours, BitSet daysOfMonth, BitSet months, BitSet daysOfWeek,
               boolean dayOfMonthStar, boolean dayOfWeekStar) {
        this.seconds = (BitSet) seconds.clone();
        this.minutes = (BitSet) minutes.clone();
        this.hours = (BitSet) hours.clone();
        this.daysOfMonth = (BitSet) daysOfMonth.clone();
        this.months = (BitSet) months.clone();
        this.daysOfWeek = (BitSet) daysOfWeek.clone();
        this.dayOfMonthStar = dayOfMonthStar;
        this.dayOfWeekStar = dayOfWeekStar;
    }

    /** Whether both day fields are unrestricted or one is: then a day must match both. */
    boolean daysMustMatchBoth() {
        return dayOfMonthStar || dayOfWeekStar;
    }

    boolean allowsMonth(int month) {
        return months.get(month);
    }

    boolean allowsDayOfMonth(int day) {
        return daysOfMonth.get(day);
    }

    boolean matchesDate(LocalDate date) {
        if (!months.get(date.getMonthValue())) {
            return false;
        }
        boolean dayOfMonth = daysOfMonth.get(date.getDayOfMonth());
        boolean dayOfWeek = daysOfWeek.get(date.getDayOfWeek().getValue() % 7);
        return daysMustMatchBoth() ? dayOfMonth && dayOfWeek : dayOfMonth || dayOfWeek;
    }

    /**
     * The first matching local date-time at or after {@code from} and before {@code endExclusive}.
     *
     * @param from inclusive lower bound; its fraction of a second is ignored
     * @param endExclusive exclusive upper bound
     * @return the match, or null when there is none in the range
     */
    LocalDateTime nextMatch(LocalDateTime from, LocalDateTime endExclusive) {
        LocalDate date = from.toLocalDate();
        LocalTime time = from.toLocalTime();
        LocalDate lastDate = endExclusive.toLocalDate();
        while (!date.isAfter(lastDate)) {
            if (!months.get(date.getMonthValue())) {
                date = date.withDayOfMonth(1).plusMonths(1);
                time = LocalTime.MIDNIGHT;
                continue;
            }
            if (matchesDate(date)) {
                LocalTime match = firstTimeFrom(time);
                if (match != null) {
                    LocalDateTime candidate = date.atTime(match);
                    return candidate.isBefore(endExclusive) ? candidate : null;
                }
            }
            date = date.plusDays(1);
            time = LocalTime.MIDNIGHT;
        }
        return null;
    }

    /** The first matching time of day at or after {@code from} (whole seconds), or null when none is left that day. */
    private LocalTime firstTimeFrom(LocalTime from) {
        int fromHour = from.getHour();
        int fromMinute = from.getMinute();
        for (int hour = hours.nextSetBit(fromHour); hour >= 0 && hour < 24; hour = hours.nextSetBit(hour + 1)) {
            boolean sameHour = hour == fromHour;
            for (int minute = minutes.nextSetBit(sameHour ? fromMinute : 0); minute >= 0 && minute < 60;
                 minute = minutes.nextSetBit(minute + 1)) {
                boolean sameMinute = sameHour && minute == fromMinute;
                int second = seconds.nextSetBit(sameMinute ? from.getSecond() : 0);
                if (second >= 0 && second < 60) {
                    return LocalTime.of(hour, minute, second);
                }
            }
        }
        return null;
    }
}
