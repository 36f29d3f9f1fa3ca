package io.chronohook.platform;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Every list of the API: the items of one page and the cursor of the next one (null on the last page). */
@Schema(description = "One page of a list: its items, and the cursor of the next page.")
public record Page<T>(
        @Schema(description = "The page's items, in the list's order (newest first unless the operation says "
                + "otherwise).", requiredMode = Schema.RequiredMode.REQUIRED)
        List<T> items,
        @Schema(description = "Pass it as `cursor` to get the next page; null on the last page.",
                example = "MDE5NWE3YzQtM2IyZS03ZjEwLTljNGQtMmU4YjVhMWY2YzNk")
        String nextCursor) {
}
