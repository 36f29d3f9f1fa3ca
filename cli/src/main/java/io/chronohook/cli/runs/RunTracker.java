package io.chronohook.cli.runs;

import io.chronohook.cli.output.Cells;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What {@code runs tail} has seen: the last state of every run it knows. Fed the runs of each poll, it answers what
 * is new — runs not seen before, and runs in another state than last time — oldest first, each change once.
 * Runs already over when the tail starts are only remembered: a tail follows what happens from now on.
 */
final class RunTracker {

    /** A run first seen ({@code previousState} null) or seen in a new state; {@code finished}: it just ended. */
    record Change(JsonNode run, String previousState, boolean finished) {
    }

    private static final Comparator<JsonNode> OLDEST_FIRST = Comparator
            .comparing((JsonNode run) -> text(run, "scheduledFor"))
            .thenComparing(run -> text(run, "id"));

    private final Map<String, String> states = new HashMap<>();
    private final Set<String> ended = new HashSet<>();

    /** The first poll: every run is remembered; the ones still under way are returned, to be shown and followed. */
    List<Change> start(List<JsonNode> runs) {
        List<Change> underway = new ArrayList<>();
        for (JsonNode run : sorted(runs)) {
            String id = text(run, "id");
            String state = text(run, "state");
            states.put(id, state);
            if (RunFormat.isFinal(state)) {
                ended.add(id);
            } else {
                underway.add(new Change(run, null, false));
            }
        }
        return underway;
    }

    /** A later poll: the runs new since the last one or in another state, oldest first. */
    List<Change> observe(List<JsonNode> runs) {
        List<Change> changes = new ArrayList<>();
        for (JsonNode run : sorted(runs)) {
            String id = text(run, "id");
            String state = text(run, "state");
            String previous = states.put(id, state);
            if (state.equals(previous)) {
                continue;
            }
            // A run ends once for the count: a dead run replayed and then delivered is not counted twice.
            boolean finished = RunFormat.isFinal(state) && ended.add(id);
            changes.add(new Change(run, previous, finished));
        }
        return changes;
    }

    /** The runs followed that have not ended: a poll must see them even once they fall off the list's first page. */
    Set<String> underway() {
        Set<String> ids = new HashSet<>();
        states.forEach((id, state) -> {
            if (!RunFormat.isFinal(state)) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** Stops following a run the API no longer shows (its history expired, its job deleted). */
    void forget(String id) {
        states.remove(id);
    }

    private static String text(JsonNode run, String field) {
        String text = Cells.text(run, field);
        return text == null ? "" : text;
    }

    private static List<JsonNode> sorted(List<JsonNode> runs) {
        return runs.stream().sorted(OLDEST_FIRST).toList();
    }
}
