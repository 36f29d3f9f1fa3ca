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
@Schema(description = "A run: one occurrence of a job (or a trigger), and where its delivery stands.")
public record RunView(
        @Schema(description = "The run's id; the `webhook-id` of each of its attempts, the receiver's idempotency "
                + "key. Its leading bits are the scheduled time, so ids sort by it.",
                example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a", requiredMode = Schema.RequiredMode.REQUIRED)
        String id,
        @Schema(description = "The run's job.", example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String jobId,
        @Schema(description = "The run's state (docs/state-machine.md): `scheduled` (waits for its time), `queued` "
                + "(due, waits to be sent), `delivering` (an attempt in flight), `running` (long-running work "
                + "under way), `retry_wait`, then `succeeded`, `dead` (retries exhausted; replayable), `cancelled`, "
                + "`quota_exceeded` (held until the plan allows more runs) or `skipped`.", example = "succeeded",
                allowableValues = {"scheduled", "queued", "delivering", "running", "retry_wait", "succeeded",
                        "dead", "cancelled", "quota_exceeded", "skipped"},
                requiredMode = Schema.RequiredMode.REQUIRED)
        String state,
        @Schema(description = "The occurrence the run stands for (for a trigger, when it was made).",
                example = "2026-03-02T08:00:00Z", requiredMode = Schema.RequiredMode.REQUIRED)
        Instant scheduledFor,
        @Schema(description = "Attempts made so far; 0 before the first.", example = "1",
                requiredMode = Schema.RequiredMode.REQUIRED)
        int attempt,
        @Schema(description = "When the run is due next: while `scheduled`, `queued` or `retry_wait`; null "
                + "otherwise.", example = "2026-03-02T08:00:00Z")
        Instant nextAttemptAt,
        @Schema(description = "When the scheduler released the run to be sent; null before.",
                example = "2026-03-02T08:00:00Z")
        Instant releasedAt,
        @Schema(description = "When its first attempt started; null before.", example = "2026-03-02T08:00:00Z")
        Instant firstAttemptAt,
        @Schema(description = "When the run ended (succeeded, dead, cancelled or skipped); null until then.",
                example = "2026-03-02T08:00:01Z")
        Instant finishedAt,
        @Schema(description = "The HTTP status of the last answer; null before one came.", example = "200")
        Integer lastStatusCode,
        @Schema(description = "Why the last attempt failed; null when it did not.",
                example = "the receiver answered HTTP 503")
        String lastError,
        @Schema(description = "The W3C trace id of the last attempt (its `traceparent`); null before the first.",
                example = "4bf92f3577b34da6a3ce929d0e0e4736")
        String traceId,
        @Schema(description = "Per cent done (0–100), as a long-running receiver last reported it; null when none "
                + "was.", example = "40.0")
        Double progress,
        @Schema(implementation = JsonNode.class, description = "The checkpoint a long-running receiver last "
                + "reported (any JSON); null when none was.")
        @JsonRawValue String checkpoint,
        @Schema(description = "What made the run: the job's `schedule`, or a `manual` trigger.", example = "schedule",
                allowableValues = {"schedule", "manual"}, requiredMode = Schema.RequiredMode.REQUIRED)
        String trigger,
        @Schema(description = "Why the run did not fire: `missed` (while paused or down, per the missed-run policy), "
                + "`overlap` (per the overlap policy); `schedule changed` on a run cancelled by a new schedule. "
                + "Absent otherwise.", example = "overlap", allowableValues = {"missed", "overlap", "schedule changed"})
        @JsonInclude(JsonInclude.Include.NON_NULL) String skipReason,
        @Schema(description = "The last time the run was held back without spending an attempt; null if it never "
                + "was.")
        Run.Deferral deferral,
        @Schema(description = "The job's name: only in the dead-letter list.", example = "nightly-report")
        @JsonInclude(JsonInclude.Include.NON_NULL) String jobName,
        @Schema(description = "The run's attempts, oldest first: only on a single-run read.")
        @JsonInclude(JsonInclude.Include.NON_NULL) List<AttemptView> attempts,
        @Schema(description = "Long-running work on the run: absent for a run whose receiver never answered 202.")
        @JsonInclude(JsonInclude.Include.NON_NULL) RunningView running) {

    /**
     * Long-running work on the run: since when the attempt runs, the last heartbeat and its message, the deadline of
     * the next heartbeat (while running), the attempt's longest duration's end, the checkpoint's size and the result
     * the receiver completed with (JSON).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "Long-running work on the run, as its receiver reported it; each field absent until it "
            + "applies.")
    public record RunningView(
            @Schema(description = "Since when the attempt has run (its callback was answered 202).",
                    example = "2026-03-02T08:00:01Z")
            Instant since,
            @Schema(description = "When the last heartbeat came.", example = "2026-03-02T08:20:00Z")
            Instant lastHeartbeatAt,
            @Schema(description = "The message the receiver last reported.", example = "page 40 of 100")
            String message,
            @Schema(description = "By when the next heartbeat must come, while `running`.",
                    example = "2026-03-02T08:25:00Z")
            Instant heartbeatDeadline,
            @Schema(description = "When the attempt's longest duration (`longRunning.maxDuration`) ends.",
                    example = "2026-03-02T10:00:01Z")
            Instant deadline,
            @Schema(description = "The size of the run's checkpoint, in bytes of JSON.", example = "14")
            Integer checkpointBytes,
            @Schema(implementation = JsonNode.class, description = "The result the receiver completed with (any "
                    + "JSON).")
            @JsonRawValue String result) {

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
    @Schema(description = "One attempt of the run: what went over the wire and what came back.")
    public record AttemptView(
            @Schema(description = "The attempt's number, 1 for the first.", example = "1",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int number,
            @Schema(description = "When the attempt started.", example = "2026-03-02T08:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant startedAt,
            @Schema(description = "When the attempt ended.", example = "2026-03-02T08:00:01Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant finishedAt,
            @Schema(description = "The HTTP status answered; null when no answer came.", example = "200")
            Integer statusCode,
            @Schema(description = "How long the attempt took, in milliseconds; null when it was not sent.",
                    example = "182")
            Integer latencyMs,
            @Schema(description = "How the attempt ended: `delivered` (2xx), `accepted` (202 to long-running work), "
                    + "`rejected` (an answer that is not 2xx), `failed` (no answer: DNS, connection, TLS, timeout), "
                    + "`blocked` (refused by the target guard), `lost` (its instance was lost mid-attempt). Runs held "
                    + "back without spending an attempt show it in the run's `deferral`, not here.",
                    example = "delivered",
                    allowableValues = {"delivered", "accepted", "rejected", "failed", "blocked", "lost"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String outcome,
            @Schema(description = "Why the attempt failed; null when it did not.",
                    example = "the receiver answered HTTP 503")
            String error,
            @Schema(description = "The start of the response body; null without one.",
                    example = "\"{\\\"ok\\\":true}\"")
            String responseExcerpt,
            @Schema(description = "The attempt's W3C trace id (its `traceparent`).",
                    example = "4bf92f3577b34da6a3ce929d0e0e4736")
            String traceId,
            @Schema(description = "The request as sent; null for an attempt that never went out (refused by the "
                    + "target guard), one whose instance was lost, or one made before requests were kept.")
            SentRequest request,
            @Schema(description = "The response's headers (`set-cookie` and credential-like values masked; at most "
                    + "50, 8 KiB); null when no answer came.")
            List<Header> responseHeaders,
            @Schema(description = "How the long-running work this attempt started ended; absent unless it was "
                    + "answered 202 and its work has ended.")
            @JsonInclude(JsonInclude.Include.NON_NULL) RunningEnd running) {
    }

    /** How a long-running attempt's work ended ({@code how}: completed, failed, timed_out, cancelled), when, why. */
    @Schema(description = "How the long-running work of an attempt ended, when and why.")
    public record RunningEnd(
            @Schema(description = "How the work ended: `completed` or `failed` as the receiver reported, `timed_out` "
                    + "(no heartbeat in time, or past the longest duration), or `cancelled` with the run.",
                    example = "completed", allowableValues = {"completed", "failed", "timed_out", "cancelled"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String how,
            @Schema(description = "When it ended.", example = "2026-03-02T08:42:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant at,
            @Schema(description = "Why it failed; null when it completed.",
                    example = "no heartbeat within the job's heartbeat timeout")
            String error) {
    }

    /**
     * A request as sent: the method, URL and headers (credential-like values {@code masked}), and the body — shown
     * while the job is still at the version that sent it ({@code body} null and {@code bodyNote} saying why after the
     * job was changed), the first {@link #BODY_SHOWN} characters of it ({@code bodyTruncated}).
     */
    @Schema(description = "A request as sent: the request line, every header (credential-like values masked) and "
            + "the body while the job's definition is unchanged.")
    public record SentRequest(
            @Schema(description = "The HTTP method.", example = "POST",
                    allowableValues = {"POST", "PUT", "PATCH", "GET", "DELETE"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String method,
            @Schema(description = "The URL called.", example = "https://api.example.com/hooks/report",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String url,
            @Schema(description = "Every header sent, Chronohook's and the job's, in order.",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            List<Header> headers,
            @Schema(description = "The body sent (its first 65,536 characters), shown from the job while its "
                    + "definition has not changed since the attempt; null after a change (see `bodyNote`).",
                    example = "\"{\\\"report\\\":\\\"daily\\\"}\"")
            String body,
            @Schema(description = "Whether `body` was cut at 65,536 characters.", example = "false",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            boolean bodyTruncated,
            @Schema(description = "Why `body` is null: the job was changed since; absent otherwise.",
                    example = "the job has been changed since; the body of this attempt is no longer kept")
            @JsonInclude(JsonInclude.Include.NON_NULL) String bodyNote) {
    }

    /** One header; {@code masked} when its value was withheld as a possible credential. */
    @Schema(description = "One HTTP header.")
    public record Header(
            @Schema(description = "The header's name.", example = "webhook-id",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String name,
            @Schema(description = "The header's value; `••••••` when masked.",
                    example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a", requiredMode = Schema.RequiredMode.REQUIRED)
            String value,
            @Schema(description = "Whether the value was withheld as a possible credential (its name says it may "
                    + "hold one); it is never stored.", example = "false", requiredMode = Schema.RequiredMode.REQUIRED)
            boolean masked) {
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
