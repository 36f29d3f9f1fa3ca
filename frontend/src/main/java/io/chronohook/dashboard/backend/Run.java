package io.chronohook.dashboard.backend;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import tools.jackson.databind.JsonNode;

/**
 * One run of a job ({@code /api/v1/runs}); {@code attempts} only on a single-run read. {@code progress} is per cent
 * done (0–100) and {@code checkpoint} the JSON a long-running receiver last reported.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Run(String id, String jobId, String state, Instant scheduledFor, int attempt, Instant nextAttemptAt,
                  Instant releasedAt, Instant firstAttemptAt, Instant finishedAt, Integer lastStatusCode,
                  String lastError, String traceId, Double progress, JsonNode checkpoint, String trigger,
                  String skipReason, Deferral deferral, String jobName, List<Attempt> attempts, Running running) {

    /**
     * Long-running work on the run: since when its attempt runs, the last heartbeat and its message, the deadline of
     * the next heartbeat (while running), the attempt's longest duration's end, the checkpoint's size and the result.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Running(Instant since, Instant lastHeartbeatAt, String message, Instant heartbeatDeadline,
                          Instant deadline, Integer checkpointBytes, JsonNode result) {
    }

    /** How a long-running attempt's work ended: {@code how} completed, failed, timed_out or cancelled. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RunningEnd(String how, Instant at, String error) {
    }

    public Run {
        attempts = attempts == null ? List.of() : List.copyOf(attempts);
    }

    /** The last time an open circuit held the run back without spending an attempt, and how often it did. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Deferral(String reason, String host, Instant at, Instant until, int count) {
    }

    /** One HTTP delivery of the run, with the request that went out and the headers that came back. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Attempt(int number, Instant startedAt, Instant finishedAt, Integer statusCode, Integer latencyMs,
                          String outcome, String error, String responseExcerpt, String traceId, Request request,
                          List<Header> responseHeaders, RunningEnd running) {

        public Attempt {
            responseHeaders = responseHeaders == null ? null : List.copyOf(responseHeaders);
        }
    }

    /** A request as sent; {@code body} null with {@code bodyNote} when it is no longer kept. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Request(String method, String url, List<Header> headers, String body, boolean bodyTruncated,
                          String bodyNote) {

        public Request {
            headers = headers == null ? List.of() : List.copyOf(headers);
        }
    }

    /** One header; a {@code masked} value was withheld as a possible credential. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Header(String name, String value, boolean masked) {
    }

    /** Runs that have not started delivering, or whose receiver works on (running), can still be cancelled. */
    public boolean isCancellable() {
        return switch (state) {
            case "scheduled", "queued", "retry_wait", "quota_exceeded", "running" -> true;
            default -> false;
        };
    }

    public boolean isDead() {
        return "dead".equals(state);
    }

    /** Still moving: a page showing it refreshes itself. */
    public boolean isLive() {
        return switch (state) {
            case "scheduled", "queued", "delivering", "running", "retry_wait" -> true;
            default -> false;
        };
    }
}
