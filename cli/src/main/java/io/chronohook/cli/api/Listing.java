package io.chronohook.cli.api;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** The items of a list as fetched page by page, newest first, and whether the API had more than were asked for. */
public record Listing(List<JsonNode> items, boolean more) {

    public Listing {
        items = List.copyOf(items);
    }
}
