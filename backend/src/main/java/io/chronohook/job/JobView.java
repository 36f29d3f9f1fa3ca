package io.chronohook.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.Map;

/** A job as the API shows it (API.md "Jobs"); {@code lastRun} only on a single-job read. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "A job: its definition with every default filled in, its state and its next run.")
public record JobView(
        @Schema(description = "The job's id.", example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String id,
        @Schema(description = "The job's name.", example = "nightly-report",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String name,
        @Schema(description = "The job's labels, sorted by key; `{}` when it has none.",
                example = "{\"team\": \"billing\"}", requiredMode = Schema.RequiredMode.REQUIRED)
        Map<String, String> labels,
        @Schema(description = "When the job fires.", requiredMode = Schema.RequiredMode.REQUIRED)
        ScheduleView schedule,
        @Schema(description = "The request each run makes, headers and body included.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        TargetView target,
        @Schema(description = "The retry policy, defaults filled in.", requiredMode = Schema.RequiredMode.REQUIRED)
        RetryView retry,
        @Schema(description = "The deadline of one attempt, an ISO-8601 duration.", example = "PT30S",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String timeout,
        @Schema(description = "What is done with occurrences missed while the job was paused or the scheduler was "
                + "down.", example = "fire_once", allowableValues = {"skip", "fire_once", "backfill"},
                requiredMode = Schema.RequiredMode.REQUIRED)
        String missedRunPolicy,
        @Schema(description = "With `backfill`, the most missed occurrences fired.", example = "10",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Integer backfillLimit,
        @Schema(description = "What is done when an occurrence comes while the previous run is still in flight.",
                example = "allow", allowableValues = {"allow", "skip", "queue"},
                requiredMode = Schema.RequiredMode.REQUIRED)
        String overlapPolicy,
        @Schema(description = "Whether a run may be sent again once its request may have reached the receiver.",
                example = "at_least_once", allowableValues = {"at_least_once", "at_most_once"},
                requiredMode = Schema.RequiredMode.REQUIRED)
        String deliverySemantics,
        @Schema(description = "The per-job offset range added to every occurrence, an ISO-8601 duration.",
                example = "PT0S", requiredMode = Schema.RequiredMode.REQUIRED)
        String spread,
        @Schema(description = "`active` while the job has an occurrence left or a run still under way (a one-shot job "
                + "stays `active` until its run has finished), `paused`, or `completed` once it has no occurrence "
                + "left and its last run has finished.", example = "active",
                allowableValues = {"active", "paused", "completed"}, requiredMode = Schema.RequiredMode.REQUIRED)
        String state,
        @Schema(description = "When the job's next run is due: its earliest run waiting to be sent (a retry "
                + "included), or else, while `active`, its next occurrence. Always present; null when there is "
                + "neither.", example = "2026-03-02T08:00:00Z")
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant nextRunAt,
        @Schema(description = "When the job was created.", example = "2026-03-01T09:00:00Z",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Instant createdAt,
        @Schema(description = "The last change made through the API (definition, pause, resume); the scheduler moving "
                + "`nextRunAt` on, or completing the job, does not change it.", example = "2026-03-01T09:00:00Z",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Instant updatedAt,
        @Schema(description = "The job's version: 1 when created, one more with every change (an update, a pause or "
                + "resume, its completion). The `ETag`, for `If-Match` on an update.", example = "3",
                requiredMode = Schema.RequiredMode.REQUIRED)
        int version,
        @Schema(description = "Why Chronohook paused the job itself (after its receiver answered 410 Gone); absent "
                + "otherwise.", example = "the receiver answered 410 Gone to run run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a")
        String pausedReason,
        @Schema(description = "The job's newest run: only on a single-job read, and absent before the first run.")
        LastRun lastRun,
        @Schema(description = "Long-running work: absent unless the job allows it.")
        LongRunningView longRunning,
        @Schema(description = "How many of the job's runs its receiver is working on now (`running`); only for a "
                + "long-running job.", example = "1")
        Integer runningRuns,
        @Schema(description = "The flow key or template, as given; absent when the job has none.",
                example = "billing-{labels.team}")
        String flowKey,
        @Schema(description = "The flow key the template resolves to with the job's labels; absent when `flowKey` is "
                + "absent or a literal key.", example = "billing-finance")
        String resolvedFlowKey,
        @Schema(description = "The priority of the job's runs within the tenant's share.", example = "normal",
                allowableValues = {"high", "normal", "low"}, requiredMode = Schema.RequiredMode.REQUIRED)
        String priority) {

    /** Long-running work, when the job allows it. */
    @Schema(description = "Long-running work: how long one attempt may run after its callback, and the longest "
            + "silence between heartbeats.")
    public record LongRunningView(
            @Schema(description = "The longest an attempt may run after its callback, an ISO-8601 duration.",
                    example = "PT2H", requiredMode = Schema.RequiredMode.REQUIRED)
            String maxDuration,
            @Schema(description = "The longest silence between heartbeats, an ISO-8601 duration.", example = "PT5M",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String heartbeatTimeout) {
    }

    /** The schedule with its resolved instant for one-shot jobs. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "When the job fires; only the fields of its `type` are present, and `at` is resolved for "
            + "`delay` and `now` schedules.")
    public record ScheduleView(
            @Schema(description = "The kind of schedule.", example = "cron",
                    allowableValues = {"cron", "at", "delay", "now", "interval"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String type,
            @Schema(description = "The cron expression; only for `cron`.", example = "0 9 * * MON-FRI")
            String cron,
            @Schema(description = "The IANA time zone the cron expression is read in; only for `cron`.",
                    example = "Europe/Berlin")
            String timeZone,
            @Schema(description = "The instant the one-shot job fires at: for `at`, and resolved for `delay` and "
                    + "`now`.",
                    example = "2026-03-01T09:10:00Z")
            Instant at,
            @Schema(description = "The delay, an ISO-8601 duration; only for `delay`.", example = "PT10M")
            String delay,
            @Schema(description = "The interval, an ISO-8601 duration; only for `interval`.", example = "PT15M")
            String every,
            @Schema(description = "Before when the job does not fire; only for `cron` and `interval`, when given.",
                    example = "2026-03-01T09:00:00Z")
            Instant startAt,
            @Schema(description = "From when the job no longer fires; only for `cron` and `interval`, when given.",
                    example = "2026-12-31T23:00:00Z")
            Instant endAt,
            @Schema(description = "The most runs the schedule makes; only for `cron` and `interval`, when given.",
                    example = "100")
            Integer maxRuns) {
    }

    /** The target, headers and body included. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "The HTTP request each run makes, headers and body included.")
    public record TargetView(
            @Schema(description = "The URL called.", example = "https://api.example.com/hooks/report",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String url,
            @Schema(description = "The HTTP method.", example = "POST",
                    allowableValues = {"POST", "PUT", "PATCH", "GET", "DELETE"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String method,
            @Schema(description = "The job's own headers; `{}` when it has none.",
                    example = "{\"X-Source\": \"chronohook\"}", requiredMode = Schema.RequiredMode.REQUIRED)
            Map<String, String> headers,
            @Schema(description = "The request body; absent when the job sends none.",
                    example = "\"{\\\"report\\\":\\\"daily\\\"}\"")
            String body,
            @Schema(description = "The body's media type as given; absent when not given (the request is sent as "
                    + "`application/json`).", example = "application/json")
            String contentType) {
    }

    /** The retry policy. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "The retry policy, defaults filled in.")
    public record RetryView(
            @Schema(description = "Attempts in all, the first included.", example = "5",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int maxAttempts,
            @Schema(description = "The backoff's first delay, an ISO-8601 duration.", example = "PT10S",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String initialDelay,
            @Schema(description = "The backoff's largest delay, an ISO-8601 duration.", example = "PT1H",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String maxDelay,
            @Schema(description = "How long after the scheduled time attempts may still be made, an ISO-8601 "
                    + "duration; absent when not limited.", example = "PT24H")
            String maxRetryWindow) {
    }

    /** A summary of the job's newest run. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "A summary of the job's newest run.")
    public record LastRun(
            @Schema(description = "The run's id.", example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The run's state (see the run's `state`).", example = "succeeded",
                    allowableValues = {"scheduled", "queued", "delivering", "running", "retry_wait", "succeeded",
                            "dead", "cancelled", "quota_exceeded", "skipped"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String state,
            @Schema(description = "The occurrence the run stands for.", example = "2026-03-02T08:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant scheduledFor,
            @Schema(description = "When the run ended; absent while it is not finished.",
                    example = "2026-03-02T08:00:01Z")
            Instant finishedAt,
            @Schema(description = "The HTTP status of the run's last attempt; absent before an answer came.",
                    example = "200")
            Integer statusCode) {
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
