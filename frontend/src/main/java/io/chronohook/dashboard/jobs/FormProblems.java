package io.chronohook.dashboard.jobs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.chronohook.dashboard.backend.BackendProblem;

/**
 * Places the backend's refusal of a job on the form: each named field's message beside the input it came from
 * ({@code schedule.cron} → {@code cron}, {@code target.headers.X-Foo} → {@code headers}), a code without a field on
 * the input it is about ({@code invalid_cron} → {@code cron}), and everything else in a message above the form.
 */
final class FormProblems {

    static final String CONFLICT = "Someone changed this job meanwhile — reload to see their version.";

    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("name", "name"),
            Map.entry("labels", "labels"),
            Map.entry("schedule", "scheduleType"),
            Map.entry("schedule.type", "scheduleType"),
            Map.entry("target", "url"),
            Map.entry("target.url", "url"),
            Map.entry("target.method", "method"),
            Map.entry("target.headers", "headers"),
            Map.entry("target.body", "body"),
            Map.entry("target.contentType", "contentType"),
            Map.entry("retry", "maxAttempts"),
            Map.entry("retry.maxAttempts", "maxAttempts"),
            Map.entry("retry.initialDelay", "initialDelay"),
            Map.entry("retry.maxDelay", "maxDelay"),
            Map.entry("retry.maxRetryWindow", "maxRetryWindow"),
            Map.entry("timeout", "timeout"),
            Map.entry("missedRunPolicy", "missedRunPolicy"),
            Map.entry("backfillLimit", "backfillLimit"),
            Map.entry("overlapPolicy", "overlapPolicy"),
            Map.entry("deliverySemantics", "deliverySemantics"),
            Map.entry("spread", "spread"),
            Map.entry("flowKey", "flowKey"),
            Map.entry("priority", "priority"),
            Map.entry("longRunning", "longRunningMaxDuration"),
            Map.entry("longRunning.maxDuration", "longRunningMaxDuration"),
            Map.entry("longRunning.heartbeatTimeout", "longRunningHeartbeatTimeout"));

    private FormProblems() {
    }

    /** The messages per form field, and the message above the form (null when every problem found its field). */
    record Placed(Map<String, String> fields, String message) {
    }

    static Placed place(BackendProblem problem, String scheduleType) {
        Map<String, String> fields = new LinkedHashMap<>();
        List<String> unplaced = new ArrayList<>();
        for (BackendProblem.FieldProblem error : problem.errors()) {
            Target target = target(error.field());
            String message = target.key() == null ? sentence(error.message())
                    : period("“" + target.key() + "”" + ("headers".equals(target.field()) ? " " : ": ")
                            + error.message().strip());
            if (target.field() == null) {
                unplaced.add(sentence((error.field() == null ? "" : error.field() + " ") + error.message()));
            } else {
                fields.merge(target.field(), message, (first, more) -> first + " " + more);
            }
        }
        if (problem.errors().isEmpty()) {
            String field = byCode(problem.code(), scheduleType);
            if (field != null) {
                fields.put(field, sentence(problem.detail()));
            }
        }
        String message = switch (problem.code()) {
            case "version_conflict" -> CONFLICT;
            case "idempotency_key_reused" ->
                    "This form already created a job. Open the jobs list to find it, or start a new job.";
            default -> !unplaced.isEmpty() ? String.join(" ", unplaced)
                    : fields.isEmpty() ? sentence(problem.detail())
                    : "The job was not saved: " + (fields.size() == 1 ? "one field needs" : fields.size()
                            + " fields need") + " attention.";
        };
        return new Placed(fields, message);
    }

    /** Which input a backend field is about, and the key inside it for labels and headers. */
    private record Target(String field, String key) {
    }

    private static Target target(String field) {
        if (field == null) {
            return new Target(null, null);
        }
        if (field.startsWith("schedule.")) {
            String name = field.substring("schedule.".length());
            return JobForm.SCHEDULE_FIELDS.contains(name) && !name.equals("scheduleType")
                    ? new Target(name, null) : new Target(FIELDS.get(field), null);
        }
        if (field.startsWith("labels.")) {
            return new Target("labels", field.substring("labels.".length()));
        }
        if (field.startsWith("target.headers.")) {
            return new Target("headers", field.substring("target.headers.".length()));
        }
        return new Target(FIELDS.get(field), null);
    }

    private static String byCode(String code, String scheduleType) {
        return switch (code) {
            case "invalid_cron" -> "cron";
            case "unknown_time_zone" -> "timeZone";
            case "target_not_allowed" -> "url";
            case "payload_too_large" -> "body";
            case "schedule_too_frequent" -> "interval".equals(scheduleType) ? "every" : "cron";
            default -> null;
        };
    }

    /** "is required" → "Is required." */
    static String sentence(String text) {
        if (text == null || text.isBlank()) {
            return "";
        }
        String trimmed = text.strip();
        return period(trimmed.substring(0, 1).toUpperCase(Locale.ROOT) + trimmed.substring(1));
    }

    private static String period(String text) {
        return text.endsWith(".") || text.endsWith("!") || text.endsWith("?") ? text : text + ".";
    }
}
