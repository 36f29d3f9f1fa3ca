package io.chronohook.platform;

import java.time.Clock;
import java.time.Duration;

/**
 * Whether this instance's deliveries fill it, told by the dispatch loop: a round that took all it had room for, or
 * had no room, is {@linkplain #saturated() saturated}. Work nothing waits on (completing the jobs whose last run
 * ended) yields to deliveries while it is: for one spell of at most {@code longest} from the first saturated round
 * after a calm of {@link #CALM}, after which it goes on as usual until such a calm ends the spell. So a burst's runs
 * are delivered first and their jobs completed after; under an overload that lasts, the yielding work falls no further
 * behind than one spell.
 */
public final class DeliveryPressure {

    /** A spell ends after this long without a saturated round. */
    public static final Duration CALM = Duration.ofSeconds(1);

    private final Clock clock;
    private final long longestMillis;
    /** When the last saturated round was, in the clock's milliseconds ({@link Long#MIN_VALUE}: never). */
    private volatile long lastSaturated = Long.MIN_VALUE;
    private volatile long spellStarted;

    /** {@code longest} zero: nothing ever yields. */
    public DeliveryPressure(Clock clock, Duration longest) {
        if (longest.isNegative()) {
            throw new IllegalArgumentException("the longest spell must not be negative, was " + longest);
        }
        this.clock = clock;
        this.longestMillis = longest.toMillis();
    }

    /** A dispatch round took all it had room for, or had no room; rounds call this one after the other. */
    public void saturated() {
        long now = clock.millis();
        if (calmSince(now)) {
            spellStarted = now;
        }
        lastSaturated = now;
    }

    /** True while work nothing waits on should wait: within a spell, and for no longer than the longest spell. */
    public boolean yielding() {
        long now = clock.millis();
        return !calmSince(now) && now - spellStarted < longestMillis;
    }

    private boolean calmSince(long now) {
        long last = lastSaturated;
        return last == Long.MIN_VALUE || now - last >= CALM.toMillis();
    }
}
