package io.chronohook.cli.jobs;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as typed ({@code 30s}, {@code 5m}, {@code 2h}, {@code 1d}) into the ISO-8601 form the API reads
 * ({@code PT30S}); anything else — an ISO duration already — goes to the API unchanged, to be judged there.
 */
final class Durations {

    private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*([smhd])", Pattern.CASE_INSENSITIVE);

    private Durations() {
    }

    static String iso(String typed) {
        if (typed == null) {
            return null;
        }
        Matcher matcher = SHORT.matcher(typed.strip());
        if (!matcher.matches()) {
            return typed.strip();
        }
        String amount = matcher.group(1);
        String unit = matcher.group(2).toUpperCase(Locale.ROOT);
        return unit.equals("D") ? "P" + amount + "D" : "PT" + amount + unit;
    }
}
