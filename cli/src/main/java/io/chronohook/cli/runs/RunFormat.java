package io.chronohook.cli.runs;

import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.ApiResponse;
import io.chronohook.cli.output.Cells;
import io.chronohook.cli.output.Column;
import io.chronohook.cli.output.Details;
import io.chronohook.cli.output.Output;
import io.chronohook.cli.output.Table;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** How a run looks to people: a row of a run list or of the dead letters, the block of {@code runs get}, a tail line. */
public final class RunFormat {

    /** The states a run does not leave by itself (a dead run leaves only when replayed). */
    static final List<String> FINAL_STATES = List.of("succeeded", "dead", "cancelled", "skipped");
    /** The longest state's name, for the tail's aligned lines. */
    private static final int STATE_WIDTH = "quota_exceeded".length();

    static final List<Column<JsonNode>> COLUMNS = List.of(
            Column.field("ID", "id"),
            Column.field("STATE", "state"),
            Column.instant("SCHEDULED FOR", "scheduledFor"),
            Column.field("ATTEMPT", "attempt"),
            Column.field("HTTP", "lastStatusCode"),
            Column.instant("FINISHED", "finishedAt"),
            new Column<>("ERROR", RunFormat::error));

    /** The columns of the dead-letter list: the same runs, with their job. */
    public static final List<Column<JsonNode>> DEAD_LETTER_COLUMNS = List.of(
            Column.field("RUN", "id"),
            Column.field("JOB", "jobId"),
            Column.field("JOB NAME", "jobName"),
            Column.instant("SCHEDULED FOR", "scheduledFor"),
            Column.field("ATTEMPTS", "attempt"),
            Column.field("HTTP", "lastStatusCode"),
            Column.instant("DIED", "finishedAt"),
            new Column<>("ERROR", RunFormat::error));

    private static final List<Column<JsonNode>> ATTEMPT_COLUMNS = List.of(
            Column.field("#", "number"),
            Column.instant("STARTED", "startedAt"),
            Column.field("HTTP", "statusCode"),
            new Column<>("LATENCY", attempt -> Cells.text(attempt, "latencyMs") == null ? null
                    : Cells.text(attempt, "latencyMs") + " ms"),
            Column.field("OUTCOME", "outcome"),
            new Column<>("ERROR", attempt -> Cells.text(attempt, "error") != null ? Cells.text(attempt, "error")
                    : Cells.text(attempt, "responseExcerpt")));

    private RunFormat() {
    }

    /** Prints a run answer: as received with {@code --json}, else {@code headline} (if any) and the run's block. */
    public static void show(Output output, ApiResponse response, String headline) {
        if (output.json()) {
            output.raw(response);
            return;
        }
        if (headline != null) {
            output.note(headline);
        }
        output.block(details(ApiClient.json(response)));
    }

    static String details(JsonNode run) {
        String block = Details.of()
                .add("id", Cells.text(run, "id"))
                .add("job", Cells.text(run, "jobId") + (Cells.text(run, "jobName") == null ? ""
                        : " (" + Cells.text(run, "jobName") + ")"))
                .add("state", Cells.text(run, "state"))
                .add("skip reason", Cells.text(run, "skipReason"))
                .add("trigger", Cells.text(run, "trigger"))
                .add("scheduled for", Cells.instant(Cells.text(run, "scheduledFor")))
                .add("attempt", Cells.text(run, "attempt"))
                .add("next attempt", Cells.instant(Cells.text(run, "nextAttemptAt")))
                .add("first attempt", Cells.instant(Cells.text(run, "firstAttemptAt")))
                .add("finished", Cells.instant(Cells.text(run, "finishedAt")))
                .add("last HTTP status", Cells.text(run, "lastStatusCode"))
                .add("last error", Cells.text(run, "lastError"))
                .add("held back", deferral(run.path("deferral")))
                .add("progress", Cells.text(run, "progress") == null ? null : Cells.text(run, "progress") + " %")
                .add("trace id", Cells.text(run, "traceId"))
                .render();
        JsonNode attempts = run.path("attempts");
        if (!attempts.isArray() || attempts.size() == 0) {
            return block;
        }
        List<JsonNode> list = new ArrayList<>();
        attempts.forEach(list::add);
        return block + "\nAttempts:\n" + Table.of(ATTEMPT_COLUMNS, list).render();
    }

    /**
     * One line of {@code runs tail}: the run, its state (and the one before), when it was due, its attempt, HTTP
     * status and error; {@code withJob} names the job when several are followed.
     */
    static String tailLine(JsonNode run, String previousState, boolean withJob) {
        StringBuilder line = new StringBuilder();
        line.append(Cells.text(run, "id")).append("  ");
        line.append(String.format("%-" + STATE_WIDTH + "s", Cells.text(run, "state")));
        line.append("  scheduled for ").append(Cells.instant(Cells.text(run, "scheduledFor")));
        line.append("  attempt ").append(Cells.text(run, "attempt"));
        if (Cells.text(run, "lastStatusCode") != null) {
            line.append("  HTTP ").append(Cells.text(run, "lastStatusCode"));
        }
        if (previousState != null) {
            line.append("  (was ").append(previousState).append(')');
        }
        if (run.path("deferral").isObject()) {
            // Held back without spending an attempt (an open circuit, a full endpoint): why it waits.
            line.append("  held back: ").append(Cells.text(run, "deferral.reason"));
        }
        if (withJob) {
            line.append("  job ").append(Cells.text(run, "jobId"));
        }
        if (error(run) != null) {
            line.append("  ").append(error(run));
        }
        return Cells.printable(line.toString());
    }

    static boolean isFinal(String state) {
        return FINAL_STATES.contains(state);
    }

    private static String error(JsonNode run) {
        return Cells.text(run, "lastError");
    }

    private static String deferral(JsonNode deferral) {
        if (!deferral.isObject()) {
            return null;
        }
        String on = Cells.text(deferral, "host") != null ? Cells.text(deferral, "host") : Cells.text(deferral, "key");
        return Cells.text(deferral, "reason") + (on == null ? "" : " (" + on + ")") + ", "
                + Cells.text(deferral, "count") + " times, until " + Cells.instant(Cells.text(deferral, "until"));
    }
}
