package io.chronohook.dashboard.jobs;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns the job form into the JSON the API takes ({@code POST /api/v1/jobs}), sending only what was filled in so the
 * backend's defaults apply to the rest. What the dashboard can tell is wrong by itself (a label line without
 * {@code =}, a header line without {@code :}, a number that is none, a date that is none) is reported per field
 * without asking the backend.
 */
final class JobRequests {

    static final Set<String> SCHEDULE_TYPES = Set.of("cron", "interval", "at", "delay", "now");

    private JobRequests() {
    }

    /** The request body (nested maps, fields left empty absent) and the form fields found wrong, by name. */
    record Parsed(Map<String, Object> body, Map<String, String> errors) {

        boolean ok() {
            return errors.isEmpty();
        }
    }

    /** The whole job. */
    static Parsed job(JobForm form, ZoneId displayZone) {
        Reader read = new Reader(form, displayZone);
        Map<String, Object> body = new LinkedHashMap<>();
        put(body, "name", read.text("name"));
        put(body, "labels", read.pairs("labels", '=', "key=value"));
        put(body, "schedule", schedule(read));
        Map<String, Object> target = new LinkedHashMap<>();
        put(target, "url", read.text("url"));
        put(target, "method", read.text("method"));
        put(target, "headers", read.pairs("headers", ':', "Name: value"));
        put(target, "body", read.body("body"));
        put(target, "contentType", read.text("contentType"));
        put(body, "target", target);
        Map<String, Object> retry = new LinkedHashMap<>();
        put(retry, "maxAttempts", read.number("maxAttempts"));
        put(retry, "initialDelay", read.duration("initialDelay"));
        put(retry, "maxDelay", read.duration("maxDelay"));
        put(retry, "maxRetryWindow", read.duration("maxRetryWindow"));
        put(body, "retry", retry);
        put(body, "timeout", read.duration("timeout"));
        put(body, "missedRunPolicy", read.text("missedRunPolicy"));
        put(body, "backfillLimit", read.number("backfillLimit"));
        put(body, "overlapPolicy", read.text("overlapPolicy"));
        put(body, "deliverySemantics", read.text("deliverySemantics"));
        put(body, "spread", read.duration("spread"));
        put(body, "flowKey", read.text("flowKey"));
        put(body, "priority", read.text("priority"));
        Map<String, Object> longRunning = new LinkedHashMap<>();
        put(longRunning, "maxDuration", read.duration("longRunningMaxDuration"));
        put(longRunning, "heartbeatTimeout", read.duration("longRunningHeartbeatTimeout"));
        put(body, "longRunning", longRunning);
        return new Parsed(body, read.errors);
    }

    /** The schedule alone, for the preview. */
    static Parsed schedule(JobForm form, ZoneId displayZone) {
        Reader read = new Reader(form, displayZone);
        Map<String, Object> schedule = schedule(read);
        return new Parsed(schedule == null ? Map.of() : schedule, read.errors);
    }

    /** Whether the schedule has what its type needs before a preview is worth asking for. */
    static boolean complete(JobForm form) {
        return switch (form.value("scheduleType")) {
            case "cron" -> !form.value("cron").isBlank();
            case "interval" -> !form.value("every").isBlank();
            case "at" -> !form.value("at").isBlank();
            case "delay" -> !form.value("delay").isBlank();
            case "now" -> true;
            default -> false;
        };
    }

    private static Map<String, Object> schedule(Reader read) {
        String type = read.text("scheduleType");
        if (type == null || !SCHEDULE_TYPES.contains(type)) {
            read.errors.put("scheduleType", "Choose when the job runs: cron, interval, at, delay or now.");
            return null;
        }
        Map<String, Object> schedule = new LinkedHashMap<>();
        schedule.put("type", type);
        switch (type) {
            case "cron" -> {
                put(schedule, "cron", read.text("cron"));
                put(schedule, "timeZone", read.text("timeZone"));
            }
            case "interval" -> put(schedule, "every", read.duration("every"));
            case "at" -> put(schedule, "at", read.instant("at"));
            case "delay" -> put(schedule, "delay", read.duration("delay"));
            default -> {
                // "now" needs nothing more
            }
        }
        if (type.equals("cron") || type.equals("interval")) {
            put(schedule, "startAt", read.instant("startAt"));
            put(schedule, "endAt", read.instant("endAt"));
            put(schedule, "maxRuns", read.number("maxRuns"));
        }
        return schedule;
    }

    /** Puts a value that is there: not null, and not an empty map. */
    private static void put(Map<String, Object> into, String key, Object value) {
        if (value != null && !(value instanceof Map<?, ?> map && map.isEmpty())) {
            into.put(key, value);
        }
    }

    /** Reads typed text field by field, noting what cannot be read. */
    private static final class Reader {

        private final JobForm form;
        private final ZoneId zone;
        private final Map<String, String> errors = new LinkedHashMap<>();

        Reader(JobForm form, ZoneId zone) {
            this.form = form;
            this.zone = zone;
        }

        /** The trimmed text, or null when empty. */
        String text(String field) {
            String value = form.value(field).strip();
            return value.isEmpty() ? null : value;
        }

        /** A duration typed as people do ("30 s", "5 min") or in ISO-8601, sent as ISO-8601; null when empty. */
        String duration(String field) {
            String value = text(field);
            if (value == null) {
                return null;
            }
            Optional<Duration> duration = Durations.fromTyped(value);
            if (duration.isEmpty()) {
                errors.put(field, Durations.HOW_TO_TYPE);
                return null;
            }
            return duration.get().toString();
        }

        /** A body is sent as typed (with the browser's CRLF line ends made LF); null when blank. */
        String body(String field) {
            String value = form.value(field).replace("\r\n", "\n");
            return value.isBlank() ? null : value;
        }

        Integer number(String field) {
            String value = text(field);
            if (value == null) {
                return null;
            }
            try {
                return Integer.valueOf(value);
            } catch (NumberFormatException notANumber) {
                errors.put(field, "Must be a whole number, such as 5.");
                return null;
            }
        }

        /** A {@code datetime-local} value taken in the display zone, as an ISO-8601 instant. */
        String instant(String field) {
            String value = text(field);
            if (value == null) {
                return null;
            }
            try {
                return LocalDateTime.parse(value.replace(' ', 'T')).atZone(zone).toInstant().toString();
            } catch (DateTimeException notADate) {
                errors.put(field, "Must be a date and time, such as 2026-12-01T09:00.");
                return null;
            }
        }

        /** One {@code key<separator>value} per line, blank lines skipped; a line without the separator is an error. */
        Map<String, String> pairs(String field, char separator, String shape) {
            Map<String, String> pairs = new LinkedHashMap<>();
            List<String> lines = form.value(field).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty()) {
                    continue;
                }
                int at = line.indexOf(separator);
                if (at <= 0) {
                    errors.putIfAbsent(field, "Line " + (i + 1) + " (“" + line + "”) is not " + shape
                            + ": write one " + shape + " per line.");
                    continue;
                }
                pairs.put(line.substring(0, at).strip(), line.substring(at + 1).strip());
            }
            return pairs;
        }
    }
}
