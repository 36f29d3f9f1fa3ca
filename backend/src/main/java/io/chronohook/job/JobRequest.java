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
        String spread,
        LongRunningSpec longRunning,
        String flowKey,
        String priority) {

    /** The same request without long-running work (its receiver answers within the timeout). */
    public JobRequest(String name, Map<String, String> labels, ScheduleSpec schedule, TargetSpec target,
                      RetrySpec retry, String timeout, String missedRunPolicy, Integer backfillLimit,
                      String overlapPolicy, String deliverySemantics, String spread) {
        this(name, labels, schedule, target, retry, timeout, missedRunPolicy, backfillLimit, overlapPolicy,
                deliverySemantics, spread, null, null, null);
    }

    /** Long-running work: how long one attempt may run after its 202, and the longest silence between heartbeats. */
    public record LongRunningSpec(String maxDuration, String heartbeatTimeout) {
    }

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
