package io.chronohook.node;

import java.util.Optional;
import java.util.UUID;

/** One running instance of the backend, fresh at each start. */
public record NodeId(UUID value) {

    public static Optional<NodeId> parse(String text) {
        try {
            return Optional.of(new NodeId(UUID.fromString(text)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
