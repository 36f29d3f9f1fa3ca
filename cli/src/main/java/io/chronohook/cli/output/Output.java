package io.chronohook.cli.output;

import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.api.Listing;
import java.io.PrintStream;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * Where a command's results go. With {@code --json} stdout carries only JSON — the API's answer as received, or for
 * a list one array of the items of every page fetched — so a script can parse it; notes for people go to stderr
 * either way.
 */
public final class Output {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PrintStream out;
    private final PrintStream err;
    private final boolean json;

    public Output(PrintStream out, PrintStream err, boolean json) {
        this.out = out;
        this.err = err;
        this.json = json;
    }

    /** Whether scripts asked for JSON ({@code --json}). */
    public boolean json() {
        return json;
    }

    public PrintStream err() {
        return err;
    }

    /** The body of an answer exactly as the API sent it (nothing for an empty {@code 204}). */
    public void raw(ApiResponse response) {
        if (response.hasBody()) {
            String body = response.body();
            out.print(body.endsWith("\n") ? body : body + "\n");
            out.flush();
        }
    }

    /** A list's items as one JSON array. */
    public void array(List<JsonNode> items) {
        ArrayNode array = JSON.createArrayNode();
        items.forEach(array::add);
        out.println(JSON.writeValueAsString(array));
        out.flush();
    }

    /** One JSON document on its own line (a followed stream: JSON Lines). */
    public void jsonLine(JsonNode node) {
        out.println(JSON.writeValueAsString(node));
        out.flush();
    }

    /**
     * A list: the items as an array with {@code --json}; else the table, or {@code nothing} when there are no items,
     * and a note on stderr when the API had more.
     */
    public void list(Listing listing, Table table, String nothing) {
        if (json) {
            array(listing.items());
            return;
        }
        if (table.isEmpty()) {
            line(nothing);
        } else {
            out.print(table.render());
        }
        if (listing.more()) {
            note("(more; --all lists every one, --limit N the first N)");
        }
        out.flush();
    }

    public void table(Table table) {
        block(table.render());
    }

    /** Text rendered by a {@link Table} or {@link Details}, whose cells are sanitized already. */
    public void block(String rendered) {
        out.print(rendered);
        out.flush();
    }

    /** A line of text for people (sanitized: it may carry values from the API). */
    public void line(String text) {
        out.println(Cells.printable(text));
        out.flush();
    }

    /** A note for people on stderr, where it does not mix with results a script reads. */
    public void note(String text) {
        err.println(Cells.printable(text));
        err.flush();
    }
}
