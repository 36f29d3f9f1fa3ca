package io.chronohook.job.timing;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** Fires every {@code every}, counted from {@code anchor}: at anchor + k·every for k >= 1 (the anchor itself does not fire). */
public record IntervalSchedule(Duration every, Instant anchor) implements FireSchedule {

    public IntervalSchedule {
        Objects.requireNonNull(every, "every");
        Objects.requireNonNull(anchor, "anchor");
        if (every.isZero() || every.isNegative()) {
            throw new InvalidScheduleException("interval must be positive, got " + every);
        }
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
        Objects.requireNonNull(after, "after");
        try {
            if (after.isBefore(anchor)) {
                return Optional.of(anchor.plus(every));
            }
            // after >= anchor: the number of whole periods elapsed, plus one, is the first k with a fire > after.
            long k = Duration.between(anchor, after).dividedBy(every) + 1;
            return Optional.of(anchor.plus(every.multipliedBy(k)));
        } catch (ArithmeticException | DateTimeException beyondTimeline) {
            return Optional.empty();
        }
    }
}
