package io.chronohook.dashboard.page;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * How a page shows instants: in the visitor's display zone (picked up from the browser, changeable in the footer), with
 * the UTC instant on hover, and relative to the moment the page was rendered ("in 4 min", "12 s ago").
 */
public record Times(ZoneId zone, Instant now) {

    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm:ss", Locale.ENGLISH);
    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("d MMM, HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("d MMM HH:00", Locale.ENGLISH);

    /** {@code 23 Nov 2026, 07:00:05} in the display zone; empty for none. */
    public String local(Instant at) {
        return at == null ? "" : LOCAL.format(at.atZone(zone));
    }

    /** {@code 23 Nov, 07:00} in the display zone. */
    public String brief(Instant at) {
        return at == null ? "" : SHORT.format(at.atZone(zone));
    }

    /** The start of an hour bucket, for sparkline tooltips. */
    public String hour(Instant at) {
        return at == null ? "" : HOUR.format(at.atZone(zone));
    }

    /** The instant in ISO-8601 UTC, for {@code datetime} and {@code title} attributes. */
    public String utc(Instant at) {
        return at == null ? "" : at.truncatedTo(ChronoUnit.MILLIS).toString();
    }

    /** "in 4 min", "12 s ago", "just now". */
    public String relative(Instant at) {
        if (at == null) {
            return "";
        }
        Duration gap = Duration.between(now, at);
        boolean future = !gap.isNegative();
        long seconds = Math.abs(gap.toSeconds());
        if (seconds < 2) {
            return "just now";
        }
        String amount = seconds < 60 ? seconds + " s"
                : seconds < 3600 ? seconds / 60 + " min"
                : seconds < 172_800 ? seconds / 3600 + " h"
                : seconds / 86_400 + " days";
        return future ? "in " + amount : amount + " ago";
    }

    /** A duration in milliseconds for people: {@code 840 ms}, {@code 2.4 s}, {@code 3 min 5 s}. */
    public static String millis(long ms) {
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        return ms / 60_000 + " min " + (ms % 60_000) / 1000 + " s";
    }

    public String zoneId() {
        return zone.getId();
    }
}
