package io.chronohook.pipeline;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The runs this instance has claimed whose requests have not gone out yet, and how fast they go out: how many more a
 * dispatch round may claim. An instance that claimed whatever its deliveries in flight left room for would, when it
 * sends slower than its backlog asks, queue each round's runs — a quiet tenant's among them — behind thousands claimed
 * before them (seconds, on two slow cores). Claiming only what goes out soon leaves the rest in the gate, where the
 * next rounds share it out fairly again.
 *
 * <p>Two bounds, at the measured pace: the runs that are due (or overdue) and not sent, at most what goes out in
 * {@code wait}; and all runs claimed and not sent — with those claimed ahead of their due time, within the gate's
 * {@code lead} — at most what goes out in {@code wait} and {@code lead} together. A steady flow is so claimed a lead
 * ahead, as the gate releases it, while a burst due at one instant is not: at that instant it would all be due at once.
 * The pace is measured over windows of {@value #WINDOW_MILLIS} ms and smoothed; however slow it is measured, each bound
 * is at least {@code least}, so an idle instance starts at once and a slow measure never starves the pipeline. Runs
 * claimed ahead of their time are bounded at the best pace of a window in the last {@value #BEST_SECONDS} s instead,
 * if that is faster: a flow due at whole seconds (every-second cron jobs) goes out in one window a second, and between
 * two such instants the smoothed pace falls to almost nothing — bounded by it, the next instant's runs would be claimed
 * ahead only up to the least, the rest a round after they fall due. Not thread-safe in {@link #room}: the dispatch loop
 * asks, one round at a time; tickets are moved on from any thread.
 */
final class SendQueue {

    static final long WINDOW_MILLIS = 100;
    private static final long WINDOW_NANOS = WINDOW_MILLIS * 1_000_000;
    /** How long the best window's pace bounds the runs claimed ahead of their time. */
    static final int BEST_SECONDS = 60;
    private static final long SECOND_NANOS = 1_000_000_000;
    /** Weight of the newest window in the smoothed pace. */
    private static final double NEWEST = 0.5;

    private static final int EARLY = 0;
    private static final int DUE = 1;
    private static final int LEFT = 2;

    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger due = new AtomicInteger();
    /** Runs that left the queue, ever. */
    private final AtomicLong left = new AtomicLong();
    private final double dueSeconds;
    private final double allSeconds;
    private final int least;
    private long windowStart;
    private long leftAtWindowStart;
    private double perSecond;
    /** The best window's pace in each of the last {@value #BEST_SECONDS} seconds, by second modulo their number. */
    private final double[] bestBySecond = new double[BEST_SECONDS];
    /** The second the last window ended in ({@link System#nanoTime()} seconds). */
    private long lastSecond;
    private boolean started;

    /**
     * Bounds what goes out in {@code wait} (due runs) and in {@code wait} and {@code lead} (all), at least
     * {@code least} each.
     */
    SendQueue(Duration wait, Duration lead, int least) {
        this.dueSeconds = wait.toNanos() / 1e9;
        this.allSeconds = (wait.toNanos() + lead.toNanos()) / 1e9;
        this.least = least;
    }

    /** A claimed run, waiting until its request goes out (or its attempt ends without one); {@code early}: not due. */
    Ticket claimed(boolean early) {
        waiting.incrementAndGet();
        if (!early) {
            due.incrementAndGet();
        }
        return new Ticket(early ? EARLY : DUE);
    }

    /** Runs claimed whose requests have not gone out. */
    int waiting() {
        return waiting.get();
    }

    /** Runs claimed, due and not sent. */
    int due() {
        return due.get();
    }

    /** Runs that left the queue per second, as last measured. */
    double perSecond() {
        return perSecond;
    }

    /** The best pace of a window in the last {@value #BEST_SECONDS} seconds, as last measured. */
    double bestPerSecond() {
        double best = 0;
        for (double pace : bestBySecond) {
            best = Math.max(best, pace);
        }
        return best;
    }

    /** How many more runs a round may claim at {@code nanos} (a {@link System#nanoTime()} reading). */
    int room(long nanos) {
        measure(nanos);
        long dueMost = Math.max(least, Math.round(perSecond * dueSeconds));
        long allMost = Math.max(least, Math.round(Math.max(perSecond, bestPerSecond()) * allSeconds));
        long room = Math.min(dueMost - due.get(), allMost - waiting.get());
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, room));
    }

    private void measure(long nanos) {
        long total = left.get();
        if (!started) {
            started = true;
            windowStart = nanos;
            leftAtWindowStart = total;
            lastSecond = Math.floorDiv(nanos, SECOND_NANOS);
            return;
        }
        long elapsed = nanos - windowStart;
        if (elapsed < WINDOW_NANOS) {
            return;
        }
        double pace = (total - leftAtWindowStart) * 1e9 / elapsed;
        perSecond = perSecond == 0 ? pace : NEWEST * pace + (1 - NEWEST) * perSecond;
        windowStart = nanos;
        leftAtWindowStart = total;
        remember(Math.floorDiv(nanos, SECOND_NANOS), pace);
    }

    /** Keeps {@code pace} as the best of its second if it is, forgetting the seconds older than the last minute. */
    private void remember(long second, double pace) {
        for (long passed = lastSecond + 1; passed <= second && passed <= lastSecond + BEST_SECONDS; passed++) {
            bestBySecond[(int) Math.floorMod(passed, (long) BEST_SECONDS)] = 0;
        }
        lastSecond = Math.max(lastSecond, second);
        int slot = (int) Math.floorMod(second, (long) BEST_SECONDS);
        bestBySecond[slot] = Math.max(bestBySecond[slot], pace);
    }

    /** One claimed run's place in the queue: early, then due, then gone, each step once. */
    final class Ticket {

        private final AtomicInteger state;

        private Ticket(int state) {
            this.state = new AtomicInteger(state);
        }

        /** The run claimed ahead of its time is due now; again, or after it left, nothing. */
        void due() {
            if (state.compareAndSet(EARLY, DUE)) {
                due.incrementAndGet();
            }
        }

        /**
         * The run leaves the queue (its request is going out, or its attempt ended without one: held for a flow limit,
         * deferred by an open breaker, failed); again, nothing.
         */
        void leave() {
            int was = state.getAndSet(LEFT);
            if (was == LEFT) {
                return;
            }
            if (was == DUE) {
                due.decrementAndGet();
            }
            waiting.decrementAndGet();
            left.incrementAndGet();
        }
    }
}
