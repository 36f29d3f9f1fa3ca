package io.chronohook.job;

import io.chronohook.job.timing.BoundedSchedule;
import io.chronohook.job.timing.CronSchedule;
import io.chronohook.job.timing.FireSchedule;
import io.chronohook.job.timing.IntervalSchedule;
import io.chronohook.job.timing.OnceSchedule;
import java.time.ZoneId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Builds the fire-time calculator of a stored schedule; parsed crons are shared, since thousands of jobs repeat a few. */
public final class Schedules {

    private static final int CACHE_LIMIT = 10_000;
    private static final Map<String, CronSchedule> CRONS = new ConcurrentHashMap<>();

    private Schedules() {
    }

    public static FireSchedule of(JobDefinition.Schedule schedule) {
        return switch (schedule.type()) {
            case CRON -> new BoundedSchedule(cron(schedule.cron(), schedule.timeZone()), schedule.startAt(),
                    schedule.endAt());
            case INTERVAL -> new BoundedSchedule(new IntervalSchedule(schedule.every(), schedule.anchor()),
                    schedule.startAt(), schedule.endAt());
            case AT, DELAY, NOW -> new OnceSchedule(schedule.at());
        };
    }

    /**
     * The parsed cron expression, shared; throws {@link io.chronohook.job.timing.InvalidScheduleException} as
     * {@link CronSchedule#parse} does (a failed parse is not kept).
     */
    public static CronSchedule cron(String expression, ZoneId zone) {
        String key = zone.getId() + " " + expression;
        CronSchedule cached = CRONS.get(key);
        if (cached != null) {
            return cached;
        }
        CronSchedule parsed = CronSchedule.parse(expression, zone);
        if (CRONS.size() < CACHE_LIMIT) {
            CRONS.put(key, parsed);
        }
        return parsed;
    }
}
