package io.chronohook.cli.api;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Reads a list of the API ({@code {items, nextCursor}}) page by page, following {@code nextCursor}. */
public final class Pager {

    private final ApiClient api;

    public Pager(ApiClient api) {
        this.api = api;
    }

    public Listing fetch(String path, Query query, PageLimit limit) {
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        do {
            Query page = query.with("limit", limit.nextPageSize(items.size())).add("cursor", cursor);
            JsonNode answer = ApiClient.json(api.get(path, page));
            for (JsonNode item : answer.path("items")) {
                if (limit.wantsMore(items.size())) {
                    items.add(item);
                }
            }
            JsonNode next = answer.path("nextCursor");
            cursor = next.isString() && !next.asString().isEmpty() ? next.asString() : null;
        } while (cursor != null && limit.wantsMore(items.size()));
        return new Listing(items, cursor != null);
    }
}
