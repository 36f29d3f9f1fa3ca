package io.chronohook.dashboard.jobs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The new-job and edit-job page: the typed values, a message per field that needs attention, a message above the
 * form, and the live preview of the schedule. {@code jobId} is null for a new job.
 */
public record JobFormPage(String jobId, String jobName, JobForm form, Map<String, String> errors, String message,
                          Preview preview, String displayZone) {

    /** A choice in a select. */
    public record Option(String value, String label) {
    }

    public static final List<Option> METHODS = List.of(new Option("POST", "POST"), new Option("PUT", "PUT"),
            new Option("PATCH", "PATCH"), new Option("GET", "GET"), new Option("DELETE", "DELETE"));
    public static final List<Option> MISSED_RUN_POLICIES = List.of(new Option("", "Default (fire once)"),
            new Option("fire_once", "Fire once — the latest missed run"),
            new Option("backfill", "Backfill — every missed run, up to the limit"),
            new Option("skip", "Skip — only future runs"));
    public static final List<Option> OVERLAP_POLICIES = List.of(new Option("", "Default (allow)"),
            new Option("allow", "Allow — start the next run anyway"),
            new Option("skip", "Skip — drop the next run"),
            new Option("queue", "Queue — start it when the previous one ends"));
    public static final List<Option> PRIORITIES = List.of(new Option("", "Default (normal)"),
            new Option("high", "High — before this account's normal runs"),
            new Option("normal", "Normal"),
            new Option("low", "Low — after this account's normal runs, never starved"));
    public static final List<Option> DELIVERY_SEMANTICS = List.of(new Option("", "Default (at least once)"),
            new Option("at_least_once", "At least once — retry until delivered"),
            new Option("at_most_once", "At most once — never retry once the request may have arrived"));

    private static final List<String> COMMON_ZONES = List.of("UTC", "Europe/London", "Europe/Dublin", "Europe/Lisbon",
            "Europe/Paris", "Europe/Berlin", "Europe/Amsterdam", "Europe/Madrid", "Europe/Rome", "Europe/Zurich",
            "Europe/Stockholm", "Europe/Warsaw", "Europe/Athens", "Europe/Helsinki", "Europe/Kyiv", "Europe/Istanbul",
            "Africa/Cairo", "Africa/Johannesburg", "Africa/Lagos", "Asia/Dubai", "Asia/Kolkata", "Asia/Singapore",
            "Asia/Shanghai", "Asia/Hong_Kong", "Asia/Tokyo", "Asia/Seoul", "Australia/Sydney", "Australia/Perth",
            "Pacific/Auckland", "America/Sao_Paulo", "America/Mexico_City", "America/New_York", "America/Toronto",
            "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage",
            "Pacific/Honolulu");

    private static final Map<String, String> HINTS = Map.ofEntries(
            Map.entry("labels", "One key=value per line, e.g. team=billing. Used to filter the jobs list."),
            Map.entry("cron", "minute hour day-of-month month day-of-week, e.g. 0 2 * * * — a 6th leading field "
                    + "adds seconds; @hourly, @daily, @weekly, @monthly and @yearly work too."),
            Map.entry("timeZone", "An IANA zone such as Europe/Berlin; the cron's times are wall-clock times there."),
            Map.entry("every", "30 s, 15 min, 1 h, 1 day or 1 h 30 min (PT15M works too). Counted from the start "
                    + "(or from saving)."),
            Map.entry("at", "Date and time in your display zone (%s); saved as the matching instant."),
            Map.entry("delay", "How long after saving, e.g. 10 min or 2 h (PT10M works too)."),
            Map.entry("startAt", "In your display zone (%s); none = from saving."),
            Map.entry("endAt", "In your display zone (%s); none = no end."),
            Map.entry("maxRuns", "Stop after this many runs."),
            Map.entry("url", "https:// address Chronohook calls."),
            Map.entry("headers", "One Name: value per line. webhook-*, chronohook-*, host and content-length are "
                    + "set by Chronohook."),
            Map.entry("contentType", "Defaults to application/json."),
            Map.entry("maxAttempts", "1–100, default 5."),
            Map.entry("initialDelay", "First backoff, 1 s–1 h, default 10 s; doubles with jitter."),
            Map.entry("maxDelay", "Longest backoff, up to 1 day, default 1 h."),
            Map.entry("maxRetryWindow", "No attempt later than this after the scheduled time, e.g. 6 h."),
            Map.entry("timeout", "1 s–15 min, default 30 s: one deadline for the whole request."),
            Map.entry("backfillLimit", "For backfill: at most this many missed runs, default 10."),
            Map.entry("spread", "Up to 1 h: a fixed per-job offset so many jobs do not fire in the same second."),
            Map.entry("flowKey", "Runs sharing a key share its limits and weight (Flow keys). A key such as "
                    + "customer-42, or a template from the labels: customer:{labels.customer}."),
            Map.entry("longRunningMaxDuration", "Fill both to let the receiver answer 202 and go on working, e.g. "
                    + "6 h: the longest an attempt may run (up to your plan's limit). Empty = a 2xx ends the run."),
            Map.entry("longRunningHeartbeatTimeout", "5 s–1 h: an attempt with no heartbeat for this long times "
                    + "out and is retried from its last checkpoint."));

    public boolean editing() {
        return jobId != null;
    }

    public String action() {
        return editing() ? "/jobs/" + jobId : "/jobs";
    }

    public String cancelHref() {
        return editing() ? "/jobs/" + jobId : "/jobs";
    }

    public String heading() {
        return editing() ? "Edit " + jobName : "New job";
    }

    public String title() {
        return heading() + " · Chronohook";
    }

    public String value(String field) {
        return form.value(field);
    }

    public boolean is(String field, String option) {
        return form.is(field, option);
    }

    /** The message beside {@code field}, or null. */
    public String error(String field) {
        return errors.get(field);
    }

    /** {@code "true"} for a field with a message, else null (which drops the attribute). */
    public String invalid(String field) {
        return errors.containsKey(field) ? "true" : null;
    }

    public String hint(String field) {
        String hint = HINTS.get(field);
        return hint == null ? null : hint.replace("%s", displayZone);
    }

    /** The ids of the hint and the message that describe {@code field}, or null. */
    public String describedBy(String field) {
        List<String> ids = new ArrayList<>();
        if (HINTS.containsKey(field)) {
            ids.add(field + "-hint");
        }
        if (errors.containsKey(field)) {
            ids.add(field + "-error");
        }
        return ids.isEmpty() ? null : String.join(" ", ids);
    }

    /** Whether any of {@code fields} has a message (opens the collapsed group holding it). */
    public boolean anyError(String... fields) {
        for (String field : fields) {
            if (errors.containsKey(field)) {
                return true;
            }
        }
        return false;
    }

    /** Zones to suggest for the cron schedule, the display zone first when it is not a common one. */
    public List<String> zones() {
        List<String> zones = new ArrayList<>();
        if (!COMMON_ZONES.contains(displayZone)) {
            zones.add(displayZone);
        }
        zones.addAll(COMMON_ZONES);
        return zones;
    }
}
