package io.chronohook.access;

import io.chronohook.platform.PrefixedIds;
import java.util.Optional;
import java.util.UUID;

/** An API key's id ({@code key_…}); not the key itself. */
public record ApiKeyId(UUID value) {

    public static final String PREFIX = "key_";

    public static Optional<ApiKeyId> parse(String text) {
        return PrefixedIds.parse(PREFIX, text).map(ApiKeyId::new);
    }

    @Override
    public String toString() {
        return PrefixedIds.format(PREFIX, value);
    }
}
