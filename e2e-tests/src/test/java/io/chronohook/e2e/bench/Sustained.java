package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.DeliveryWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a rate held over a measured window: at least 99.5 % of the offered runs per second arrived within the
 * window, none of the runs scheduled in it was missing once the grace period had passed, and their fire lag p99
 * stayed at or under 2 s.
 */
record Sustained(boolean held, String reason) {

    static final double MIN_DELIVERED_SHARE = 0.995;
    static final long MAX_LAG_P99_MS = 2000;

    static Sustained judge(DeliveryWindow window, int offeredPerSecond) {
        List<String> misses = new ArrayList<>();
        double share = window.deliveredPerSecond() / offeredPerSecond;
        if (share < MIN_DELIVERED_SHARE) {
            misses.add(String.format("delivered %.1f %% of the offered rate", share * 100));
        }
        if (window.lost() > 0) {
            misses.add(window.lost() + " runs not delivered after the grace period");
        }
        if (window.lags().percentile(99) > MAX_LAG_P99_MS) {
            misses.add("fire lag p99 " + window.lags().percentile(99) + " ms");
        }
        return misses.isEmpty() ? new Sustained(true, "held") : new Sustained(false, String.join("; ", misses));
    }
}
