package io.chronohook.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;

/** A job as the API shows it (API.md "Jobs"); {@code lastRun} only on a single-job read. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobView(
        String id,
        String name,
        Map<String, String> labels,
        ScheduleView schedule,
        TargetView target,
        RetryView retry,
        String timeout,
        String missedRunPolicy,
        Integer backfillLimit,
        String overlapPolicy,
        String deliverySemantics,
        String spread,
        String state,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant nextRunAt,
        Instant createdAt,
        Instant updatedAt,
        int version,
        String pausedReason,
        LastRun lastRun,
        LongRunningView longRunning,
        Integer runningRuns,
        String flowKey,
        String resolvedFlowKey,
        String priority) {

    /** Long-running work, when the job allows it. */
    public record LongRunningView(String maxDuration, String heartbeatTimeout) {
    }

    /** The schedule with its resolved instant for one-shot jobs. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ScheduleView(String type, String cron, String timeZone, Instant at, String delay, String every,
                               Instant startAt, Instant endAt, Integer maxRuns) {
    }

    /** The target, headers and body included. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TargetView(String url, String method, Map<String, String> headers, String body, String contentType) {
    }

    /** The retry policy. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RetryView(int maxAttempts, String initialDelay, String maxDelay, String maxRetryWindow) {
    }

    /** A summary of the job's newest run. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LastRun(String id, String state, Instant scheduledFor, Instant finishedAt, Integer statusCode) {
    }

    public static JobView of(Job job, LastRun lastRun) {
        JobDefinition d = job.definition();
        JobDefinition.Schedule s = d.schedule();
        JobDefinition.Target t = d.target();
        Instant nextRunAt = job.nextRunAt() != null ? job.nextRunAt()
                : job.state() == JobState.ACTIVE && job.nextFireAt() != null ? job.nextFireAt() : null;
        return new JobView(
                job.id().toString(),
                d.name(),
                d.labels(),
                new ScheduleView(s.type().wire(), s.cron(), s.timeZone() == null ? null : s.timeZone().getId(), s.at(),
                        s.delay() == null ? null : s.delay().toString(), s.every() == null ? null : s.every().toString(),
                        s.startAt(), s.endAt(), s.maxRuns()),
                new TargetView(t.url().toString(), t.method(), t.headers(), t.body(), t.contentType()),
                new RetryView(d.retry().maxAttempts(), d.retry().initialDelay().toString(),
                        d.retry().maxDelay().toString(),
                        d.retry().maxRetryWindow() == null ? null : d.retry().maxRetryWindow().toString()),
                d.timeout().toString(),
                d.missedRunPolicy().wire(),
                d.backfillLimit(),
                d.overlapPolicy().wire(),
                d.deliverySemantics().wire(),
                d.spread().toString(),
                job.state().wire(),
                nextRunAt,
                job.createdAt(),
                job.updatedAt(),
                job.version(),
                job.pausedReason(),
                lastRun,
                d.longRunning() == null ? null : new LongRunningView(d.longRunning().maxDuration().toString(),
                        d.longRunning().heartbeatTimeout().toString()),
                d.longRunning() == null ? null : job.runningRuns(),
                d.flow().keyTemplate(),
                d.flow().key() == null || d.flow().key().equals(d.flow().keyTemplate()) ? null : d.flow().key(),
                d.flow().priority().wire());
    }

    /** The view as a request, for merge patches: what a client would send to create this job again. */
    public JobRequest asRequest() {
        return new JobRequest(name, labels,
                new JobRequest.ScheduleSpec(schedule.type(), schedule.cron(), schedule.timeZone(),
                        schedule.at() == null ? null : schedule.at().toString(), schedule.delay(), schedule.every(),
                        schedule.startAt() == null ? null : schedule.startAt().toString(),
                        schedule.endAt() == null ? null : schedule.endAt().toString(), schedule.maxRuns()),
                new JobRequest.TargetSpec(target.url(), target.method(), target.headers(), target.body(),
                        target.contentType()),
                new JobRequest.RetrySpec(retry.maxAttempts(), retry.initialDelay(), retry.maxDelay(),
                        retry.maxRetryWindow()),
                timeout, missedRunPolicy, backfillLimit, overlapPolicy, deliverySemantics, spread,
                longRunning == null ? null
                        : new JobRequest.LongRunningSpec(longRunning.maxDuration(), longRunning.heartbeatTimeout()),
                flowKey, priority);
    }
}
