package io.chronohook.schedule;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import tools.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.Schema;
import io.chronohook.dispatch.http.HeaderLines;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/** A run as the API shows it (API.md "Runs"); {@code attempts} only on a single-run read. */
public record RunView(
        String id,
        String jobId,
        String state,
        Instant scheduledFor,
        int attempt,
        Instant nextAttemptAt,
        Instant releasedAt,
        Instant firstAttemptAt,
        Instant finishedAt,
        Integer lastStatusCode,
        String lastError,
        String traceId,
        Double progress,
        @Schema(implementation = JsonNode.class) @JsonRawValue String checkpoint,
        String trigger,
        @JsonInclude(JsonInclude.Include.NON_NULL) String skipReason,
        Run.Deferral deferral,
        @JsonInclude(JsonInclude.Include.NON_NULL) String jobName,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<AttemptView> attempts,
        @JsonInclude(JsonInclude.Include.NON_NULL) RunningView running) {

    /**
     * Long-running work on the run: since when the attempt runs, the last heartbeat and its message, the deadline of
     * the next heartbeat (while running), the attempt's longest duration's end, the checkpoint's size and the result
     * the receiver completed with (JSON).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RunningView(Instant since, Instant lastHeartbeatAt, String message, Instant heartbeatDeadline,
                              Instant deadline, Integer checkpointBytes,
                              @Schema(implementation = JsonNode.class) @JsonRawValue String result) {

        static RunningView of(Run run) {
            Run.Running r = run.running();
            return r == null ? null : new RunningView(r.since(), r.lastHeartbeatAt(), r.message(),
                    r.heartbeatDeadline(), r.deadline(),
                    run.checkpoint() == null ? null : run.checkpoint().getBytes(StandardCharsets.UTF_8).length,
                    r.result());
        }
    }

    /**
     * One attempt of the run: {@code request} is what went out (null for an attempt that never did, or made before
     * requests were kept), {@code responseHeaders} what came back with the response (null without a response).
     */
    public record AttemptView(int number, Instant startedAt, Instant finishedAt, Integer statusCode, Integer latencyMs,
                              String outcome, String error, String responseExcerpt, String traceId,
                              SentRequest request, List<Header> responseHeaders,
                              @JsonInclude(JsonInclude.Include.NON_NULL) RunningEnd running) {
    }

    /** How a long-running attempt's work ended ({@code how}: completed, failed, timed_out, cancelled), when, why. */
    public record RunningEnd(String how, Instant at, String error) {
    }

    /**
     * A request as sent: the method, URL and headers (credential-like values {@code masked}), and the body — shown
     * while the job is still at the version that sent it ({@code body} null and {@code bodyNote} saying why after the
     * job was changed), the first {@link #BODY_SHOWN} characters of it ({@code bodyTruncated}).
     */
    public record SentRequest(String method, String url, List<Header> headers, String body, boolean bodyTruncated,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String bodyNote) {
    }

    /** One header; {@code masked} when its value was withheld as a possible credential. */
    public record Header(String name, String value, boolean masked) {
    }

    /** The most of a body a run shows, in characters. */
    public static final int BODY_SHOWN = 65_536;

    /** The job's payload as it is now and its payload version, to show an attempt's body while it is still current. */
    public record CurrentPayload(int version, String body) {
    }

    /** The run with its job's name (dead letters show it). */
    public RunView withJobName(String name) {
        return new RunView(id, jobId, state, scheduledFor, attempt, nextAttemptAt, releasedAt, firstAttemptAt,
                finishedAt, lastStatusCode, lastError, traceId, progress, checkpoint, trigger, skipReason, deferral,
                name, attempts, running);
    }

    public static RunView of(Run run, List<Attempt> attempts) {
        return of(run, attempts, null);
    }

    /** The run with its attempts, each with the request it sent (its body from {@code job} when still current). */
    public static RunView of(Run run, List<Attempt> attempts, CurrentPayload job) {
        Instant nextAttemptAt = switch (run.state()) {
            case SCHEDULED, QUEUED, RETRY_WAIT -> run.dueAt();
            default -> null;
        };
        return new RunView(run.id().toString(), run.jobId().toString(), run.state().wire(), run.scheduledFor(),
                run.attempt(), nextAttemptAt, run.releasedAt(), run.firstAttemptAt(), run.finishedAt(),
                run.lastStatusCode(), run.lastError(), run.traceId(),
                run.progress() == null ? null : Math.round(run.progress() * 1000) / 10.0, run.checkpoint(),
                run.trigger(), run.skipReason(), run.deferral(), null,
                attempts == null ? null : attempts.stream().map(a -> new AttemptView(a.number(), a.startedAt(),
                        a.finishedAt(), a.statusCode(), a.latencyMs(), a.outcome(), a.error(), a.responseExcerpt(),
                        a.traceId(), request(a, job), headers(a.responseHeaders()),
                        a.runningEnd() == null ? null : new RunningEnd(a.runningEnd(), a.runningUntil(),
                                a.runningError()))).toList(),
                RunningView.of(run));
    }

    private static SentRequest request(Attempt attempt, CurrentPayload job) {
        String head = attempt.requestHead();
        if (head == null) {
            return null;
        }
        int end = head.indexOf('\n');
        String line = end < 0 ? head : head.substring(0, end);
        int space = line.indexOf(' ');
        String method = space < 0 ? line : line.substring(0, space);
        String url = space < 0 ? null : line.substring(space + 1);
        List<Header> headers = headers(end < 0 ? "" : head.substring(end + 1));
        if (job == null || attempt.payloadVersion() == null || job.version() != attempt.payloadVersion()) {
            return new SentRequest(method, url, headers, null, false,
                    "the job has been changed since; the body of this attempt is no longer kept");
        }
        String body = job.body() == null ? "" : job.body();
        boolean truncated = body.length() > BODY_SHOWN;
        return new SentRequest(method, url, headers, truncated ? body.substring(0, BODY_SHOWN) : body, truncated, null);
    }

    private static List<Header> headers(String lines) {
        if (lines == null) {
            return null;
        }
        return HeaderLines.parse(lines).stream()
                .map(h -> new Header(h.getKey(), h.getValue(), HeaderLines.MASK.equals(h.getValue()))).toList();
    }
}
