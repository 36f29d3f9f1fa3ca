package io.chronohook.cli.output;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import tools.jackson.databind.JsonNode;

/** Turns values of the API's JSON into the short text of a table cell. */
public final class Cells {

    /** What a cell shows for a value that is absent or null. */
    public static final String NONE = "-";

    private Cells() {
    }

    /**
     * The value at a dotted path ({@code target.url}) as text: strings as they are, numbers and booleans as written,
     * objects and arrays as compact JSON; null when absent or JSON null.
     */
    public static String text(JsonNode node, String path) {
        JsonNode value = at(node, path);
        if (value == null || value.isNull() || value.isMissingNode()) {
            return null;
        }
        return value.isValueNode() ? value.asString() : value.toString();
    }

    /** The node at a dotted path (the node itself for an empty path), or a missing node. */
    public static JsonNode at(JsonNode node, String path) {
        if (path.isEmpty()) {
            return node;
        }
        JsonNode current = node;
        for (String part : path.split("\\.")) {
            current = current.path(part);
        }
        return current;
    }

    /** An ISO-8601 instant to the second ({@code 2026-11-26T15:40:09Z}); other text unchanged. */
    public static String instant(String iso) {
        if (iso == null) {
            return null;
        }
        try {
            return Instant.parse(iso).truncatedTo(ChronoUnit.SECONDS).toString();
        } catch (DateTimeParseException notAnInstant) {
            return iso;
        }
    }

    /**
     * Text safe to put in a terminal: control characters (a line break in a receiver's error, an escape sequence in
     * a job name) become spaces, so a value can neither break the table nor drive the terminal.
     */
    public static String printable(String text) {
        if (text == null) {
            return NONE;
        }
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        return out.toString();
    }
}
