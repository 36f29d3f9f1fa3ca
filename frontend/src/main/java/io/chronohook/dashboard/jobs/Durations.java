package io.chronohook.dashboard.jobs;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** ISO-8601 durations for people: {@code PT15M} → "15 minutes" (for "every …") or "15 min" (compact, for facts). */
public final class Durations {

    private Durations() {
    }

    /** The duration, or empty when the text is not an ISO-8601 duration {@link Duration} understands. */
    static Optional<Duration> parse(String iso) {
        if (iso == null || iso.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Duration.parse(iso.strip()));
        } catch (DateTimeParseException notIso) {
            return Optional.empty();
        }
    }

    /**
     * "every 15 minutes", "every hour", "every 90 seconds": the largest whole unit (day, hour, minute, second) that
     * divides the duration; empty for what cannot be said in one unit exactly (fractions of a second, zero, negative).
     */
    static Optional<String> every(String iso) {
        return parse(iso).flatMap(duration -> {
            if (duration.isNegative() || duration.isZero() || duration.getNano() != 0) {
                return Optional.empty();
            }
            long seconds = duration.getSeconds();
            if (seconds % 86_400 == 0) {
                return Optional.of(every(seconds / 86_400, "day"));
            }
            if (seconds % 3600 == 0) {
                return Optional.of(every(seconds / 3600, "hour"));
            }
            if (seconds % 60 == 0) {
                return Optional.of(every(seconds / 60, "minute"));
            }
            return Optional.of(every(seconds, "second"));
        });
    }

    static String every(long count, String unit) {
        return count == 1 ? "every " + unit : "every " + count + " " + unit + "s";
    }

    /** "30 s", "1 h 30 min", "2 d", "250 ms"; "none" for zero; the text as given when it is not a duration. */
    public static String brief(String iso) {
        if (iso == null || iso.isBlank()) {
            return "—";
        }
        return parse(iso).map(Durations::briefOf).orElse(iso);
    }

    static String briefOf(Duration duration) {
        if (duration.isZero()) {
            return "none";
        }
        if (duration.isNegative()) {
            return duration.toString();
        }
        List<String> parts = new ArrayList<>();
        long days = duration.toDays();
        if (days > 0) {
            parts.add(days + " d");
        }
        if (duration.toHoursPart() > 0) {
            parts.add(duration.toHoursPart() + " h");
        }
        if (duration.toMinutesPart() > 0) {
            parts.add(duration.toMinutesPart() + " min");
        }
        if (duration.toSecondsPart() > 0) {
            parts.add(duration.toSecondsPart() + " s");
        }
        if (duration.toMillisPart() > 0) {
            parts.add(duration.toMillisPart() + " ms");
        }
        return parts.isEmpty() ? duration.toString() : String.join(" ", parts);
    }
}
