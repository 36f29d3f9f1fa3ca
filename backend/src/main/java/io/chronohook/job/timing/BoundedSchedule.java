package io.chronohook.job.timing;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** Limits another schedule to fires at or after {@code startAt} and at or before {@code endAt}; either bound may be null. */
public record BoundedSchedule(FireSchedule inner, Instant startAt, Instant endAt) implements FireSchedule {

    public BoundedSchedule {
        Objects.requireNonNull(inner, "inner");
        if (startAt != null && endAt != null && endAt.isBefore(startAt)) {
            throw new InvalidScheduleException("end " + endAt + " is before start " + startAt);
        }
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
        Objects.requireNonNull(after, "after");
        // A fire exactly at startAt counts: ask for fires strictly after the nanosecond before it.
        Instant from = startAt != null && startAt.isAfter(after) ? startAt.minusNanos(1) : after;
        Optional<Instant> next = inner.nextAfter(from);
        return endAt == null ? next : next.filter(fire -> !fire.isAfter(endAt));
    }
}
