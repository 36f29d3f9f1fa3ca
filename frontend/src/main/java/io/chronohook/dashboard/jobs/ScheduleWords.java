package io.chronohook.dashboard.jobs;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import io.chronohook.dashboard.backend.Job;

/**
 * A schedule in words: "every day at 02:00 Europe/Berlin", "every 15 minutes", "at 1 Dec 2026, 09:00 UTC". A cron
 * expression it cannot phrase exactly is shown as itself with its zone ("cron 5,35 * * * * (UTC)"), never guessed.
 */
public final class ScheduleWords {

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm:ss", Locale.ENGLISH);

    private ScheduleWords() {
    }

    /** The schedule in words; one-shot times are shown in {@code zone} (the display zone). */
    public static String of(Job.Schedule schedule, ZoneId zone) {
        if (schedule == null || schedule.type() == null) {
            return "—";
        }
        return switch (schedule.type()) {
            case "cron" -> cron(schedule.cron(), schedule.timeZone());
            case "interval" -> interval(schedule.every());
            case "at" -> schedule.at() == null ? "once" : at(schedule.at(), zone);
            case "delay" -> schedule.at() != null ? at(schedule.at(), zone)
                    : "once, after " + Durations.brief(schedule.delay());
            case "now" -> "once, right away";
            default -> schedule.type();
        };
    }

    /** A cron expression in words with its zone (UTC when none is given), or the expression itself. */
    public static String cron(String expression, String timeZone) {
        String zone = timeZone == null || timeZone.isBlank() ? "UTC" : timeZone.strip();
        return CronWords.phrase(expression, zone)
                .orElseGet(() -> "cron " + (expression == null ? "" : expression.strip()) + " (" + zone + ")");
    }

    /** "every 15 minutes" for {@code PT15M}; "every" and the text as given when it is no whole number of one unit. */
    public static String interval(String every) {
        return Durations.every(every).orElseGet(() -> "every " + (every == null ? "?" : every));
    }

    /** "at 1 Dec 2026, 09:00 UTC": a one-shot time in {@code zone}, with seconds only when it has some. */
    public static String at(Instant at, ZoneId zone) {
        ZonedDateTime local = at.atZone(zone);
        DateTimeFormatter format = local.getSecond() == 0 ? MINUTE : SECOND;
        return "at " + format.format(local) + " " + zoneName(zone);
    }

    /** The zone's name as people and the API write it: "UTC" for the UTC offset {@code Z}. */
    public static String zoneName(ZoneId zone) {
        return "Z".equals(zone.getId()) ? "UTC" : zone.getId();
    }
}
