package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A job as the backend shows it ({@code /api/v1/jobs}); {@code lastRun} only on a single-job read. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Job(String id, String name, Map<String, String> labels, Schedule schedule, Target target, Retry retry,
                  String timeout, String missedRunPolicy, Integer backfillLimit, String overlapPolicy,
                  String deliverySemantics, String spread, String state, Instant nextRunAt, Instant createdAt,
                  Instant updatedAt, int version, String pausedReason, LastRun lastRun, Integer runningRuns,
                  LongRunning longRunning, String flowKey, String resolvedFlowKey, String priority) {

    /** How many of its runs a long-running receiver works on now (0 for other jobs). */
    public int running() {
        return runningRuns == null ? 0 : runningRuns;
    }

    public Job {
        labels = labels == null ? Map.of() : Map.copyOf(labels);
    }

    /** When the job fires: {@code type} is cron, at, delay, now or interval. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Schedule(String type, String cron, String timeZone, Instant at, String delay, String every,
                           Instant startAt, Instant endAt, Integer maxRuns) {
    }

    /** Where and how the job calls. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Target(String url, String method, Map<String, String> headers, String body, String contentType) {

        public Target {
            headers = headers == null ? Map.of() : Map.copyOf(headers);
        }
    }

    /** The retry policy. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Retry(int maxAttempts, String initialDelay, String maxDelay, String maxRetryWindow) {
    }

    /** Long-running work allowed: the receiver may answer 202 and report heartbeats (ISO-8601 durations). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LongRunning(String maxDuration, String heartbeatTimeout) {
    }

    /** The newest run, summarised. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LastRun(String id, String state, Instant scheduledFor, Instant finishedAt, Integer statusCode) {
    }
}
