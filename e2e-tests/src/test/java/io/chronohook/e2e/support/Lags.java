package io.chronohook.e2e.support;

import java.time.Duration;
import java.util.Arrays;
import java.util.function.Predicate;

/** Fire lags (arrival at the receiver − {@code chronohook-scheduled-for}) of some deliveries, and their percentiles. */
public final class Lags {

    private final long[] sortedMillis;

    private Lags(long[] sortedMillis) {
        this.sortedMillis = sortedMillis;
    }

    /** The lags of the arrivals {@code which} selects (arrivals without a scheduled time are left out). */
    public static Lags of(Iterable<Receiver.Arrival> arrivals, Predicate<Receiver.Arrival> which) {
        long[] millis = new long[16];
        int n = 0;
        for (Receiver.Arrival arrival : arrivals) {
            if (arrival.scheduledFor() != null && which.test(arrival)) {
                if (n == millis.length) {
                    millis = Arrays.copyOf(millis, n * 2);
                }
                millis[n++] = Duration.between(arrival.scheduledFor(), arrival.at()).toMillis();
            }
        }
        return ofMillis(Arrays.copyOf(millis, n));
    }

    /** Every arrival's lag. */
    public static Lags of(Iterable<Receiver.Arrival> arrivals) {
        return of(arrivals, arrival -> true);
    }

    public static Lags ofMillis(long... millis) {
        long[] sorted = millis.clone();
        Arrays.sort(sorted);
        return new Lags(sorted);
    }

    /**
     * The most a quiet tenant's (or key's) p99 fire lag may be beside a backlog that drained {@code drainSeconds}
     * after it fell due, in ms: served in turn, a quiet run is late by about one pass through the instance whatever
     * the backlog; served behind it, by most of the drain. The bound is the product's target of 1 s (shown at full
     * size by {@code ./chronohook fairness}), or a tenth of the drain on a machine too slow to drain the test's
     * backlog in 10 s, where one pass takes longer too: still ten times better than waiting behind the backlog.
     */
    public static long fairBoundMillis(double drainSeconds) {
        return Math.max(1000, (long) (drainSeconds * 100));
    }

    /**
     * {@link #fairBoundMillis} for quiet runs that fall due in the first seconds of a freshly started backend's first
     * burst, while its JIT compiler still compiles the delivery path: the target of 1 s, or a fifth of the drain on a
     * machine too slow to drain the backlog in 5 s. On a 2-vCPU machine at a sixth of the benchmark machine's speed
     * the quiet tenant's p99 came to at most 0.16 of the drain in five runs (with either garbage collector); served
     * behind the backlog it would be most of the drain.
     */
    public static long coldFairBoundMillis(double drainSeconds) {
        return Math.max(1000, (long) (drainSeconds * 200));
    }

    public int count() {
        return sortedMillis.length;
    }

    /**
     * The nearest-rank percentile {@code p} (0 < p ≤ 100) in ms: the smallest lag that at least p % of the lags do not
     * exceed; 0 without lags.
     */
    public long percentile(double p) {
        if (sortedMillis.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sortedMillis.length);
        return sortedMillis[Math.clamp(rank - 1, 0, sortedMillis.length - 1)];
    }

    public long max() {
        return sortedMillis.length == 0 ? 0 : sortedMillis[sortedMillis.length - 1];
    }
}
