package io.chronohook.dashboard.jobs;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import io.chronohook.dashboard.backend.Job;
import org.springframework.util.MultiValueMap;

/** The job form as typed: each field's text by its name (the names are the form's element ids). */
public record JobForm(Map<String, String> values) {

    /** Every field the form has, in the order they appear. */
    public static final List<String> FIELDS = List.of("name", "labels", "scheduleType", "cron", "timeZone", "every",
            "at", "delay", "startAt", "endAt", "maxRuns", "url", "method", "headers", "body", "contentType",
            "maxAttempts", "initialDelay", "maxDelay", "maxRetryWindow", "timeout", "missedRunPolicy",
            "backfillLimit", "overlapPolicy", "deliverySemantics", "spread", "flowKey", "priority",
            "longRunningMaxDuration", "longRunningHeartbeatTimeout", "version", "idempotencyKey");

    /** The fields that make up the schedule (what the live preview sends). */
    public static final List<String> SCHEDULE_FIELDS =
            List.of("scheduleType", "cron", "timeZone", "every", "at", "delay", "startAt", "endAt", "maxRuns");

    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm");
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    public JobForm {
        values = Map.copyOf(values);
    }

    /** A new job: a cron schedule in the display zone, POST, and a fresh key so a double submit creates one job. */
    public static JobForm blank(ZoneId displayZone) {
        return new JobForm(Map.of("scheduleType", "cron", "timeZone", ScheduleWords.zoneName(displayZone),
                "method", "POST", "idempotencyKey", UUID.randomUUID().toString()));
    }

    /** The submitted form; fields it does not know are dropped. */
    public static JobForm from(MultiValueMap<String, String> submitted) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String field : FIELDS) {
            String value = submitted.getFirst(field);
            if (value != null) {
                values.put(field, value);
            }
        }
        return new JobForm(values);
    }

    /** The form filled with an existing job; times are shown in {@code displayZone}, as the inputs take them. */
    public static JobForm of(Job job, ZoneId displayZone) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("name", job.name());
        values.put("labels", lines(job.labels(), "="));
        Job.Schedule schedule = job.schedule();
        if (schedule != null) {
            values.put("scheduleType", schedule.type());
            put(values, "cron", schedule.cron());
            put(values, "timeZone", schedule.timeZone());
            put(values, "every", typedDuration(schedule.every()));
            if ("at".equals(schedule.type())) {
                put(values, "at", local(schedule.at(), displayZone));
            }
            put(values, "delay", typedDuration(schedule.delay()));
            put(values, "startAt", local(schedule.startAt(), displayZone));
            put(values, "endAt", local(schedule.endAt(), displayZone));
            put(values, "maxRuns", schedule.maxRuns());
        }
        Job.Target target = job.target();
        if (target != null) {
            put(values, "url", target.url());
            put(values, "method", target.method());
            values.put("headers", lines(target.headers(), ": "));
            put(values, "body", target.body());
            put(values, "contentType", target.contentType());
        }
        Job.Retry retry = job.retry();
        if (retry != null) {
            values.put("maxAttempts", String.valueOf(retry.maxAttempts()));
            put(values, "initialDelay", typedDuration(retry.initialDelay()));
            put(values, "maxDelay", typedDuration(retry.maxDelay()));
            put(values, "maxRetryWindow", typedDuration(retry.maxRetryWindow()));
        }
        put(values, "timeout", typedDuration(job.timeout()));
        put(values, "missedRunPolicy", job.missedRunPolicy());
        put(values, "backfillLimit", job.backfillLimit());
        put(values, "overlapPolicy", job.overlapPolicy());
        put(values, "deliverySemantics", job.deliverySemantics());
        put(values, "spread", typedDuration(job.spread()));
        put(values, "flowKey", job.flowKey());
        put(values, "priority", job.priority());
        if (job.longRunning() != null) {
            put(values, "longRunningMaxDuration", typedDuration(job.longRunning().maxDuration()));
            put(values, "longRunningHeartbeatTimeout", typedDuration(job.longRunning().heartbeatTimeout()));
        }
        values.put("version", String.valueOf(job.version()));
        return new JobForm(values);
    }

    /** A duration of the API ("PT1H30M") as the form shows it ("1 h 30 min"); null stays null. */
    private static String typedDuration(String iso) {
        return iso == null ? null : Durations.typed(iso);
    }

    /** What was typed into {@code field}, or an empty text. */
    public String value(String field) {
        return values.getOrDefault(field, "");
    }

    /** Whether {@code field} holds exactly {@code option} (for radio buttons and selects). */
    public boolean is(String field, String option) {
        return option.equals(value(field));
    }

    /** Only the fields {@code keep} accepts (e.g. the schedule fields for the preview). */
    public JobForm only(List<String> keep) {
        Map<String, String> kept = new LinkedHashMap<>(values);
        kept.keySet().retainAll(keep);
        return new JobForm(kept);
    }

    /** A {@code datetime-local} value for an instant in {@code zone}: minutes, or seconds when it has some. */
    static String local(Instant at, ZoneId zone) {
        if (at == null) {
            return null;
        }
        LocalDateTime local = LocalDateTime.ofInstant(at, zone);
        return (local.getSecond() == 0 ? MINUTES : SECONDS).format(local);
    }

    private static String lines(Map<String, String> entries, String separator) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(entries).forEach((key, value) -> text.append(key).append(separator).append(value).append('\n'));
        return text.toString();
    }

    private static void put(Map<String, String> values, String field, Object value) {
        if (value != null) {
            values.put(field, value.toString());
        }
    }
}
