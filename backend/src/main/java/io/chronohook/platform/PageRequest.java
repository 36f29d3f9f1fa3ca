package io.chronohook.platform;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.r2dbc.core.DatabaseClient;

/** A validated {@code limit} and {@code cursor} pair; cursors are opaque to clients and name the last id seen. */
public record PageRequest(int limit, Optional<UUID> after) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;

    /** Parses the query parameters; a bad value is a 400 naming the parameter. */
    public static PageRequest of(Integer limit, String cursor) {
        int size = limit == null ? DEFAULT_LIMIT : limit;
        if (size < 1 || size > MAX_LIMIT) {
            throw ApiException.invalid("limit", "must be between 1 and " + MAX_LIMIT);
        }
        if (cursor == null || cursor.isBlank()) {
            return new PageRequest(size, Optional.empty());
        }
        try {
            String decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            return new PageRequest(size, Optional.of(UUID.fromString(decoded)));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("cursor", "is not a cursor returned by this list");
        }
    }

    /** How many rows to fetch: one more than the page, to know whether a next page exists. */
    public int fetchSize() {
        return limit + 1;
    }

    /**
     * The page's query: {@code firstSql} for the first page, {@code afterSql} (with an {@code :after} id) for the next
     * ones; both take {@code :limit}, bound here to {@link #fetchSize()}. The caller binds the tenant.
     */
    public DatabaseClient.GenericExecuteSpec query(DatabaseClient db, String firstSql, String afterSql) {
        DatabaseClient.GenericExecuteSpec spec = after
                .map(id -> db.sql(afterSql).bind("after", id))
                .orElseGet(() -> db.sql(firstSql));
        return spec.bind("limit", fetchSize());
    }

    /** Cuts the fetched rows to a page and makes the cursor from the last item's id. */
    public <R, T> Page<T> page(List<R> rows, Function<R, UUID> idOf, Function<R, T> toItem) {
        boolean more = rows.size() > limit;
        List<R> visible = more ? rows.subList(0, limit) : rows;
        String next = more
                ? Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(idOf.apply(visible.getLast()).toString().getBytes(StandardCharsets.UTF_8))
                : null;
        return new Page<>(visible.stream().map(toItem).toList(), next);
    }
}
