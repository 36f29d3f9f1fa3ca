package io.chronohook.cli.api;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The query string of a request, in the order the parameters were added; absent values are left out. */
public final class Query {

    private final List<String> pairs = new ArrayList<>();

    public static Query of() {
        return new Query();
    }

    /** Adds {@code name=value} unless the value is null (an option the user did not give). */
    public Query add(String name, Object value) {
        if (value != null) {
            pairs.add(encode(name) + "=" + encode(value.toString()));
        }
        return this;
    }

    /** A copy with one more parameter, for the pages of a list that differ only in their cursor. */
    public Query with(String name, Object value) {
        Query copy = new Query();
        copy.pairs.addAll(pairs);
        return copy.add(name, value);
    }

    /** {@code ?a=1&b=2}, or the empty string without parameters. */
    public String render() {
        return pairs.isEmpty() ? "" : "?" + String.join("&", pairs);
    }

    /** One path segment: an id typed by the user never changes the path it is put into. */
    public static String segment(String value) {
        return encode(value);
    }

    private static String encode(String text) {
        // URLEncoder encodes for forms: a space becomes '+', which a path or query reads as a literal plus.
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
