package io.chronohook.schedule;

import io.chronohook.platform.PrefixedIds;
import java.util.Optional;
import java.util.UUID;

/** A run's id ({@code run_…}): the {@code webhook-id} of every attempt of the run, the receiver's idempotency key. */
public record RunId(UUID value) {

    public static final String PREFIX = "run_";

    public static Optional<RunId> parse(String text) {
        return PrefixedIds.parse(PREFIX, text).map(RunId::new);
    }

    @Override
    public String toString() {
        return PrefixedIds.format(PREFIX, value);
    }
}
