package io.chronohook.cli.jobs;

import io.chronohook.cli.output.Cells;
import io.chronohook.cli.output.Column;
import io.chronohook.cli.output.Details;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** How a job looks to people: a row of {@code jobs list}, the block of {@code jobs get}. */
final class JobFormat {

    /** The most of a body {@code jobs get} shows; {@code --json} has all of it. */
    private static final int BODY_SHOWN = 200;

    static final List<Column<JsonNode>> COLUMNS = List.of(
            Column.field("ID", "id"),
            Column.field("NAME", "name"),
            Column.field("STATE", "state"),
            new Column<>("SCHEDULE", JobFormat::schedule),
            Column.instant("NEXT RUN", "nextRunAt"),
            new Column<>("TARGET", job -> target(job)));

    private JobFormat() {
    }

    static String details(JsonNode job) {
        JsonNode schedule = job.path("schedule");
        JsonNode lastRun = job.path("lastRun");
        return Details.of()
                .add("id", Cells.text(job, "id"))
                .add("name", Cells.text(job, "name"))
                .add("state", Cells.text(job, "state"))
                .add("paused reason", Cells.text(job, "pausedReason"))
                .add("schedule", schedule(job))
                .add("starts", Cells.instant(Cells.text(schedule, "startAt")))
                .add("ends", Cells.instant(Cells.text(schedule, "endAt")))
                .add("max runs", Cells.text(schedule, "maxRuns"))
                .add("next run", Cells.instant(Cells.text(job, "nextRunAt")))
                .add("target", target(job))
                .add("headers", pairs(job.path("target").path("headers"), ": "))
                .add("body", body(Cells.text(job, "target.body")))
                .add("content type", Cells.text(job, "target.contentType"))
                .add("retry", retry(job.path("retry")))
                .add("timeout", Cells.text(job, "timeout"))
                .add("labels", pairs(job.path("labels"), "="))
                .add("flow key", Cells.text(job, "resolvedFlowKey") != null ? Cells.text(job, "resolvedFlowKey")
                        : Cells.text(job, "flowKey"))
                .add("priority", Cells.text(job, "priority"))
                .add("running runs", Cells.text(job, "runningRuns"))
                .add("last run", lastRun.isObject() ? lastRun(lastRun) : null)
                .add("created", Cells.instant(Cells.text(job, "createdAt")))
                .add("updated", Cells.instant(Cells.text(job, "updatedAt")))
                .add("version", Cells.text(job, "version"))
                .render();
    }

    /** {@code cron 0 2 * * * Europe/Berlin}, {@code every PT1M}, {@code at 2027-01-01T09:00:00Z}… */
    static String schedule(JsonNode job) {
        JsonNode schedule = job.path("schedule");
        String type = Cells.text(schedule, "type");
        if (type == null) {
            return null;
        }
        return switch (type) {
            case "cron" -> "cron " + Cells.text(schedule, "cron")
                    + (Cells.text(schedule, "timeZone") == null ? "" : " " + Cells.text(schedule, "timeZone"));
            case "interval" -> "every " + Cells.text(schedule, "every");
            case "at", "now" -> "at " + Cells.instant(Cells.text(schedule, "at"));
            case "delay" -> "after " + Cells.text(schedule, "delay") + " (at "
                    + Cells.instant(Cells.text(schedule, "at")) + ")";
            default -> type;
        };
    }

    private static String target(JsonNode job) {
        String url = Cells.text(job, "target.url");
        String method = Cells.text(job, "target.method");
        return url == null ? null : (method == null ? "" : method + " ") + url;
    }

    private static String retry(JsonNode retry) {
        if (!retry.isObject()) {
            return null;
        }
        String window = Cells.text(retry, "maxRetryWindow");
        return Cells.text(retry, "maxAttempts") + " attempts, " + Cells.text(retry, "initialDelay") + " to "
                + Cells.text(retry, "maxDelay") + " apart" + (window == null ? "" : ", within " + window);
    }

    private static String lastRun(JsonNode run) {
        String status = Cells.text(run, "statusCode");
        return Cells.text(run, "id") + " " + Cells.text(run, "state") + " (scheduled for "
                + Cells.instant(Cells.text(run, "scheduledFor")) + (status == null ? "" : ", HTTP " + status) + ")";
    }

    private static String body(String body) {
        if (body == null) {
            return null;
        }
        return body.length() <= BODY_SHOWN ? body
                : body.substring(0, BODY_SHOWN) + "… (" + body.length() + " characters; --json shows all)";
    }

    private static String pairs(JsonNode object, String separator) {
        if (!object.isObject() || object.size() == 0) {
            return null;
        }
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : object.properties()) {
            pairs.add(entry.getKey() + separator + entry.getValue().asString());
        }
        return String.join(", ", pairs);
    }
}
