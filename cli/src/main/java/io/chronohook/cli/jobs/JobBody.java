package io.chronohook.cli.jobs;

import io.chronohook.cli.CliFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON of {@code jobs create} and {@code jobs update}: the file's object (a job, or a merge patch of one) with
 * the options laid over it, in the API's shape ({@code schedule}, {@code target}, {@code retry}…). A schedule option
 * replaces the schedule; in a merge patch it also clears the fields of the other kinds, which the API would
 * otherwise keep from the job's current schedule and refuse.
 */
final class JobBody {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Every field a schedule may have; a patch to another kind sets the ones it does not use to null. */
    private static final List<String> SCHEDULE_FIELDS =
            List.of("cron", "timeZone", "at", "delay", "every", "startAt", "endAt", "maxRuns");

    private JobBody() {
    }

    /** A job to create: {@code base} (from {@code --file}, or empty) with the options set. */
    static ObjectNode create(ObjectNode base, JobFields fields) {
        return apply(base, fields, false);
    }

    /** A merge patch: {@code base} (from {@code --file}, or empty) with the options set. */
    static ObjectNode patch(ObjectNode base, JobFields fields) {
        return apply(base, fields, true);
    }

    private static ObjectNode apply(ObjectNode base, JobFields fields, boolean patch) {
        ObjectNode job = base.deepCopy();
        if (fields.name() != null) {
            job.put("name", fields.name());
        }
        schedule(job, fields, patch);
        ObjectNode target = fields.url() != null || fields.method() != null || !fields.headers().isEmpty()
                || fields.body() != null || fields.contentType() != null ? object(job, "target") : null;
        if (target != null) {
            putIfGiven(target, "url", fields.url());
            putIfGiven(target, "method", fields.method());
            putIfGiven(target, "body", fields.body());
            putIfGiven(target, "contentType", fields.contentType());
            merge(target, "headers", fields.headers());
        }
        merge(job, "labels", fields.labels());
        if (fields.maxAttempts() != null) {
            object(job, "retry").put("maxAttempts", fields.maxAttempts());
        }
        putIfGiven(job, "timeout", Durations.iso(fields.timeout()));
        return job;
    }

    private static void schedule(ObjectNode job, JobFields fields, boolean patch) {
        List<String> kinds = new ArrayList<>();
        addIf(kinds, fields.cron(), "--cron");
        addIf(kinds, fields.every(), "--every");
        addIf(kinds, fields.at(), "--at");
        addIf(kinds, fields.delay(), "--delay");
        if (kinds.size() > 1) {
            throw CliFailure.usage("give one schedule: " + String.join(", ", kinds) + " do not go together");
        }
        if (fields.timeZone() != null && fields.cron() == null && !kinds.isEmpty()) {
            throw CliFailure.usage("--timezone goes with --cron (an interval or a one-shot has no time zone)");
        }
        if (kinds.isEmpty()) {
            if (fields.timeZone() != null) {
                if (!patch && !job.path("schedule").isObject()) {
                    throw CliFailure.usage("--timezone needs a schedule: give --cron, or a schedule in --file");
                }
                object(job, "schedule").put("timeZone", fields.timeZone());
            }
            return;
        }
        ObjectNode schedule = NODES.objectNode();
        if (fields.cron() != null) {
            schedule.put("type", "cron").put("cron", fields.cron());
            putIfGiven(schedule, "timeZone", fields.timeZone());
        } else if (fields.every() != null) {
            schedule.put("type", "interval").put("every", Durations.iso(fields.every()));
        } else if (fields.at() != null) {
            schedule.put("type", "at").put("at", fields.at());
        } else {
            schedule.put("type", "delay").put("delay", Durations.iso(fields.delay()));
        }
        if (patch) {
            clearOtherKinds(schedule, fields.cron() != null);
        }
        job.set("schedule", schedule);
    }

    /**
     * In a merge patch the schedule object merges with the current one: null out the fields this kind does not set.
     * A new cron expression keeps the current time zone unless one is given, as a changed expression means the same
     * wall clock; start, end and run limits stay for cron and interval schedules, the only kinds that have them.
     */
    private static void clearOtherKinds(ObjectNode schedule, boolean cron) {
        boolean repeating = cron || schedule.path("type").asString().equals("interval");
        for (String field : SCHEDULE_FIELDS) {
            boolean kept = schedule.has(field)
                    || (cron && field.equals("timeZone"))
                    || (repeating && (field.equals("startAt") || field.equals("endAt") || field.equals("maxRuns")));
            if (!kept) {
                schedule.putNull(field);
            }
        }
    }

    private static ObjectNode object(ObjectNode parent, String field) {
        JsonNode existing = parent.get(field);
        if (existing instanceof ObjectNode object) {
            return object;
        }
        return parent.putObject(field);
    }

    private static void merge(ObjectNode parent, String field, Map<String, String> entries) {
        if (!entries.isEmpty()) {
            ObjectNode object = object(parent, field);
            entries.forEach(object::put);
        }
    }

    private static void putIfGiven(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static void addIf(List<String> kinds, String value, String option) {
        if (value != null) {
            kinds.add(option);
        }
    }
}
