package io.chronohook.history;

import io.chronohook.platform.Uuid7;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One partition of the run or attempt table: the ids from {@code from} (inclusive; empty for the lowest) to
 * {@code to} (exclusive), or the default partition (neither) that takes ids no other partition covers. Bounds are
 * the smallest version 7 ids of their instants.
 */
public record Partition(String name, Optional<Instant> from, Optional<Instant> to, boolean isDefault) {

    private static final Pattern RANGE = Pattern.compile(
            "FOR VALUES FROM \\((MINVALUE|'([0-9a-f-]{36})')\\) TO \\((MAXVALUE|'([0-9a-f-]{36})')\\)");

    /** Reads a partition from its name and its bound as Postgres prints it ({@code pg_get_expr(relpartbound)}). */
    static Partition parse(String name, String bound) {
        if ("DEFAULT".equals(bound)) {
            return new Partition(name, Optional.empty(), Optional.empty(), true);
        }
        Matcher matcher = RANGE.matcher(bound);
        if (!matcher.matches()) {
            throw new IllegalStateException("partition " + name + " has an unexpected bound: " + bound);
        }
        return new Partition(name, instant(matcher.group(2)), instant(matcher.group(4)), false);
    }

    private static Optional<Instant> instant(String id) {
        return Optional.ofNullable(id).map(UUID::fromString).map(Uuid7::instantOf);
    }

    /** Whether every id of the partition is older than {@code moment} (never for the default partition). */
    boolean endsBy(Instant moment) {
        return to.isPresent() && !to.get().isAfter(moment);
    }
}
