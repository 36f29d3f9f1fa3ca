package io.chronohook.dashboard.backend;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** One page of a backend list: its items and the cursor of the next page ({@code null} on the last). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Listing<T>(List<T> items, String nextCursor) {

    public Listing {
        items = items == null ? List.of() : List.copyOf(items);
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }
}
