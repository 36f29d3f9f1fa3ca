package io.chronohook.alert;

import io.chronohook.platform.PrefixedIds;
import java.util.Optional;
import java.util.UUID;

/** An alert's id ({@code alr_…}): the {@code webhook-id} of every attempt to deliver it. */
public record AlertId(UUID value) {

    public static final String PREFIX = "alr_";

    public static Optional<AlertId> parse(String text) {
        return PrefixedIds.parse(PREFIX, text).map(AlertId::new);
    }

    @Override
    public String toString() {
        return PrefixedIds.format(PREFIX, value);
    }
}
