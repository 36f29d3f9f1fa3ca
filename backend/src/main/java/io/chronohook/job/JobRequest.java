package io.chronohook.job;

import java.util.Map;

/**
 * A job as the API receives it (create, or the result of a merge patch). Every value is kept as sent — times and
 * durations as text — so that validation can name the field and the reason instead of failing in the JSON reader.
 */
public record JobRequest(
        String name,
        Map<String, String> labels,
        ScheduleSpec schedule,
        TargetSpec target,
        RetrySpec retry,
        String timeout,
        String missedRunPolicy,
        Integer backfillLimit,
        String overlapPolicy,
        String deliverySemantics,
        String spread) {

    /** When the job fires: {@code cron} + {@code timeZone}, {@code at}, {@code delay}, {@code now} or {@code interval}. */
    public record ScheduleSpec(String type, String cron, String timeZone, String at, String delay, String every,
                               String startAt, String endAt, Integer maxRuns) {
    }

    /** Where and what to send. */
    public record TargetSpec(String url, String method, Map<String, String> headers, String body, String contentType) {
    }

    /** How failed deliveries are retried. */
    public record RetrySpec(Integer maxAttempts, String initialDelay, String maxDelay, String maxRetryWindow) {
    }
}
