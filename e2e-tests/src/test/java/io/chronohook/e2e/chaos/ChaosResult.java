package io.chronohook.e2e.chaos;

import java.time.Duration;

/**
 * What one scenario did to the runs it expected: how many came through, how many never did, how many came twice,
 * the latest any came (after its scheduled time), and how long after the fault ended every run scheduled before
 * that moment had come through.
 */
record ChaosResult(String scenario, int expected, int delivered, int lost, long duplicates, Duration worstLag,
                   Duration recovery, String note) {

    static String header() {
        return String.format("%-16s %9s %9s %6s %10s %10s %10s  %s", "scenario", "expected", "delivered", "lost",
                "duplicates", "worst lag", "recovery", "note");
    }

    String row() {
        return String.format("%-16s %9d %9d %6d %10d %10s %10s  %s", scenario, expected, delivered, lost, duplicates,
                seconds(worstLag), seconds(recovery), note);
    }

    static String seconds(Duration duration) {
        return duration == null ? "-" : String.format("%.1f s", duration.toMillis() / 1000.0);
    }
}
