package io.chronohook.job.timing;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** A one-shot schedule that fires once, at {@code at}. */
public record OnceSchedule(Instant at) implements FireSchedule {

    public OnceSchedule {
        Objects.requireNonNull(at, "at");
    }

    @Override
    public Optional<Instant> nextAfter(Instant after) {
        Objects.requireNonNull(after, "after");
        return at.isAfter(after) ? Optional.of(at) : Optional.empty();
    }
}
