package io.chronohook.team;

import io.chronohook.platform.PrefixedIds;
import java.util.Optional;
import java.util.UUID;

/** An invitation's id ({@code inv_…}), as listed and revoked; never the token that accepts it. */
public record InvitationId(UUID value) {

    public static final String PREFIX = "inv_";

    public static Optional<InvitationId> parse(String text) {
        return PrefixedIds.parse(PREFIX, text).map(InvitationId::new);
    }

    @Override
    public String toString() {
        return PrefixedIds.format(PREFIX, value);
    }
}
