package io.chronohook.dashboard.jobs;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

import io.chronohook.dashboard.backend.FireTimes;

/**
 * The live preview under the schedule fields: the next fire times in the schedule's zone and in UTC, or why there are
 * none ({@code error}, e.g. the backend's reason for a bad cron), or a {@code hint} while the schedule is incomplete.
 */
public record Preview(List<Time> times, String zone, String error, String hint) {

    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter SECOND =
            DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm:ss", Locale.ENGLISH);
    private static final DateTimeFormatter UTC_MINUTE = DateTimeFormatter.ofPattern("d MMM, HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter UTC_SECOND = DateTimeFormatter.ofPattern("d MMM, HH:mm:ss", Locale.ENGLISH);

    public Preview {
        times = times == null ? List.of() : List.copyOf(times);
    }

    /** One fire time: the instant (for {@code datetime}), local wall-clock time with its offset, and UTC. */
    public record Time(String instant, String local, String offset, String utc) {
    }

    static Preview hint(String hint) {
        return new Preview(List.of(), null, null, hint);
    }

    static Preview failed(String error) {
        return new Preview(List.of(), null, error, null);
    }

    /**
     * The backend's fire times, in {@code zone}: the cron's own zone, whose wall-clock times the backend sends
     * ({@code convert} null), or the display zone the instants are converted to. The UTC column is left out when the
     * zone is UTC; seconds are shown only when some time has them.
     */
    static Preview of(FireTimes fireTimes, String zone, ZoneId convert) {
        boolean seconds = fireTimes.fireTimes().stream()
                .anyMatch(time -> time.utc() != null && time.utc().getEpochSecond() % 60 != 0);
        boolean utcZone = "UTC".equals(zone);
        List<Time> times = fireTimes.fireTimes().stream().filter(time -> time.utc() != null).map(time -> {
            OffsetDateTime local = convert == null ? local(time) : time.utc().atZone(convert).toOffsetDateTime();
            return new Time(time.utc().toString(), (seconds ? SECOND : MINUTE).format(local),
                    local.getOffset().equals(ZoneOffset.UTC) ? "UTC" : local.getOffset().getId(), utcZone ? null
                            : (seconds ? UTC_SECOND : UTC_MINUTE).format(time.utc().atOffset(ZoneOffset.UTC)) + " UTC");
        }).toList();
        return new Preview(times, zone, null, times.isEmpty() ? "This schedule does not fire again." : null);
    }

    /** "Times in Europe/Berlin, and in UTC." */
    public String legend() {
        return "UTC".equals(zone) ? "Times in UTC." : "Times in " + zone + ", and in UTC.";
    }

    private static OffsetDateTime local(FireTimes.FireTime time) {
        try {
            return OffsetDateTime.parse(time.local());
        } catch (DateTimeParseException | NullPointerException unreadable) {
            return time.utc().atOffset(ZoneOffset.UTC);
        }
    }
}
