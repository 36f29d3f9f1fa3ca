package io.chronohook.dashboard.page;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

import io.chronohook.dashboard.backend.Listing;
import org.springframework.web.util.UriBuilder;

/** Where a paged list stands: the backend's cursor from {@code ?cursor=} (null on the first page). */
public record Cursor(String value) {

    /** The cursor of a request parameter; blank means the first page. */
    public static Cursor of(String parameter) {
        return new Cursor(parameter == null || parameter.isBlank() ? null : parameter);
    }

    public boolean first() {
        return value == null;
    }

    /** The API call for this page: {@code path?limit=…&cursor=…}, the cursor encoded. */
    public Function<UriBuilder, URI> api(String path, int limit) {
        return uri -> {
            uri.path(path).queryParam("limit", limit);
            return first() ? uri.build() : uri.queryParam("cursor", "{cursor}").build(value);
        };
    }

    /** The dashboard link to the page after {@code listing} on {@code pagePath}, null on the last page. */
    public static String next(String pagePath, Listing<?> listing) {
        return listing.nextCursor() == null ? null
                : pagePath + "?cursor=" + URLEncoder.encode(listing.nextCursor(), StandardCharsets.UTF_8);
    }
}
