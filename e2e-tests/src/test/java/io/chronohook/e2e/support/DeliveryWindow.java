package io.chronohook.e2e.support;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What a receiver got of the runs scheduled in {@code [from, to)}: distinct runs (by {@code webhook-id}), the ones
 * not delivered of {@code expected}, the ones delivered more than once, their fire lags; and how many distinct runs
 * arrived within {@code [from, to)} whatever their scheduled time (the delivered rate).
 */
public record DeliveryWindow(Instant from, Instant to, long expected, int delivered, long duplicates,
                             int arrivedInWindow, Lags lags) {

    public static DeliveryWindow of(Iterable<Receiver.Arrival> arrivals, Instant from, Instant to, long expected) {
        Map<String, Integer> scheduledInWindow = new HashMap<>();
        Set<String> arrived = new HashSet<>();
        for (Receiver.Arrival arrival : arrivals) {
            if (within(arrival.scheduledFor(), from, to)) {
                scheduledInWindow.merge(arrival.webhookId(), 1, Integer::sum);
            }
            if (within(arrival.at(), from, to)) {
                arrived.add(arrival.webhookId());
            }
        }
        long duplicates = scheduledInWindow.values().stream().filter(count -> count > 1).count();
        Lags lags = Lags.of(arrivals, arrival -> within(arrival.scheduledFor(), from, to));
        return new DeliveryWindow(from, to, expected, scheduledInWindow.size(), duplicates, arrived.size(), lags);
    }

    /** Expected runs that were not delivered (at the time of counting). */
    public long lost() {
        return Math.max(0, expected - delivered);
    }

    public double seconds() {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    /** Distinct runs that arrived in the window, per second. */
    public double deliveredPerSecond() {
        return arrivedInWindow / seconds();
    }

    private static boolean within(Instant at, Instant from, Instant to) {
        return at != null && !at.isBefore(from) && at.isBefore(to);
    }
}
