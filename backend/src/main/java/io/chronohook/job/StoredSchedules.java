package io.chronohook.job;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;

/** The stored (jsonb) form of a schedule, read by the job store and the planner. */
public final class StoredSchedules {

    private StoredSchedules() {
    }

    /** The stored form of a schedule: text values, nulls left out. */
    public static Map<String, Object> toMap(JobDefinition.Schedule s) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("type", s.type().wire());
        putIf(map, "cron", s.cron());
        putIf(map, "timeZone", s.timeZone() == null ? null : s.timeZone().getId());
        putIf(map, "at", s.at() == null ? null : s.at().toString());
        putIf(map, "delay", s.delay() == null ? null : s.delay().toString());
        putIf(map, "every", s.every() == null ? null : s.every().toString());
        putIf(map, "anchor", s.anchor() == null ? null : s.anchor().toString());
        putIf(map, "startAt", s.startAt() == null ? null : s.startAt().toString());
        putIf(map, "endAt", s.endAt() == null ? null : s.endAt().toString());
        putIf(map, "maxRuns", s.maxRuns());
        return map;
    }

    public static JobDefinition.Schedule parse(Map<String, Object> map) {
        return new JobDefinition.Schedule(
                JobDefinition.fromWire(JobDefinition.ScheduleType.class, (String) map.get("type")),
                (String) map.get("cron"),
                map.get("timeZone") == null ? null : ZoneId.of((String) map.get("timeZone")),
                parseInstant(map.get("at")),
                map.get("delay") == null ? null : Duration.parse((String) map.get("delay")),
                map.get("every") == null ? null : Duration.parse((String) map.get("every")),
                parseInstant(map.get("anchor")),
                parseInstant(map.get("startAt")),
                parseInstant(map.get("endAt")),
                map.get("maxRuns") == null ? null : ((Number) map.get("maxRuns")).intValue());
    }

    private static void putIf(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static Instant parseInstant(Object text) {
        return text == null ? null : Instant.parse((String) text);
    }

}
