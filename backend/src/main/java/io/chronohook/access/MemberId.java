package io.chronohook.access;

import io.chronohook.platform.PrefixedIds;
import java.util.Optional;
import java.util.UUID;

/** A dashboard member's id ({@code mem_…}); the subject of the JWTs issued to that member. */
public record MemberId(UUID value) {

    public static final String PREFIX = "mem_";

    public static Optional<MemberId> parse(String text) {
        return PrefixedIds.parse(PREFIX, text).map(MemberId::new);
    }

    @Override
    public String toString() {
        return PrefixedIds.format(PREFIX, value);
    }
}
