package io.chronohook.cli.output;

import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/** One column of a table: its header and how a row's item gives its cell. */
public record Column<T>(String header, Function<T, String> cell) {

    public String value(T item) {
        return cell.apply(item);
    }

    /** A column showing a field of the item's JSON (a dotted path) as it is. */
    public static Column<JsonNode> field(String header, String path) {
        return new Column<>(header, item -> Cells.text(item, path));
    }

    /** A column showing an instant of the item's JSON to the second. */
    public static Column<JsonNode> instant(String header, String path) {
        return new Column<>(header, item -> Cells.instant(Cells.text(item, path)));
    }
}
