package io.chronohook.platform;

import java.util.List;

/** Every list of the API: the items of one page and the cursor of the next one (null on the last page). */
public record Page<T>(List<T> items, String nextCursor) {
}
