package io.chronohook.dashboard.jobs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** One "<amount> <unit>" of a typed duration: {@code 30 s}, {@code 5min}, {@code 1.5 hours}. */
    private static final Pattern PART = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*(ms|milliseconds?|millis|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)"
                    + "(?![a-z])\\s*(?:,|and)?\\s*");

    /** What the form says about a duration it cannot read. */
    public static final String HOW_TO_TYPE = "Write a duration like 30 s, 5 min, 2 h or 1 h 30 min (PT30S works too).";

    /**
     * A duration as people type it — {@code 30 s}, {@code 30s}, {@code 5 min}, {@code 2 h}, {@code 1 h 30 min},
     * {@code 1 day}, {@code 500 ms} — or in ISO-8601 ({@code PT30S}); empty when it is neither.
     */
    public static Optional<Duration> fromTyped(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String typed = text.strip().toLowerCase(Locale.ROOT);
        if (typed.startsWith("p") || typed.startsWith("-p")) {
            return parse(typed.toUpperCase(Locale.ROOT));
        }
        Matcher part = PART.matcher(typed);
        BigDecimal millis = BigDecimal.ZERO;
        int at = 0;
        while (at < typed.length()) {
            if (!part.find(at) || part.start() != at) {
                return Optional.empty();
            }
            millis = millis.add(new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(unitMillis(part.group(2)))));
            at = part.end();
        }
        try {
            return Optional.of(Duration.ofMillis(millis.setScale(0, RoundingMode.HALF_UP).longValueExact()));
        } catch (ArithmeticException tooLong) {
            return Optional.empty();
        }
    }

    private static long unitMillis(String unit) {
        return switch (unit.charAt(0)) {
            case 'd' -> 86_400_000L;
            case 'h' -> 3_600_000L;
            case 's' -> 1_000L;
            default -> unit.startsWith("ms") || unit.startsWith("milli") ? 1L : 60_000L;
        };
    }

    /** An API duration as the form shows it to be edited: {@code PT1H30M} → "1 h 30 min", zero → "0 s". */
    static String typed(String iso) {
        return parse(iso).map(duration -> duration.isZero() ? "0 s" : briefOf(duration)).orElse(iso);
    }
}
