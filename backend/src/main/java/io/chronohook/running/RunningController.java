package io.chronohook.running;

import io.chronohook.access.Caller;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Validation;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/v1/runs/{runId}/heartbeat}, {@code /complete} and {@code /fail}: a long-running receiver reports on
 * the run its callback started, with the callback's {@code Chronohook-Run-Token} (no API key needed) or an API key
 * with {@code jobs:write}.
 */
@RestController
@Tag(name = ApiTags.LONG_RUNNING)
public class RunningController {

    // What the three reports share in the API document.
    private static final String RUN_ID = "The run's id: the callback's `webhook-id`.";
    private static final String RUN_ID_EXAMPLE = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a";
    private static final String TOKEN = "The callback's run token (its `chronohook-run-token` header), good for that "
            + "attempt only; without it, an API key with `jobs:write` is needed.";
    private static final String TOKEN_EXAMPLE = "crt_1_xXaIrfoI11YuWeqFu71AvIY5UC39hmL2d31p8H5u4os";
    private static final String UNAUTHORIZED = "`invalid_run_token`: the token is not this run's (another run's, made "
            + "up, malformed); `unauthenticated`: neither a run token nor a credential was sent.";
    private static final String FORBIDDEN = "`insufficient_scope`: the API key lacks `jobs:write`.";
    private static final String SUPERSEDED = "`attempt_superseded`: the token is of an earlier attempt, which timed "
            + "out; stop working on it. `run_not_running`: the attempt has ended.";
    private static final String CANCELLED = "`run_cancelled`: the run was cancelled; stop working on it.";


    static final String TOKEN_HEADER = "Chronohook-Run-Token";
    static final int MAX_TEXT = 500;

    private final RunningRuns runs;

    public RunningController(RunningRuns runs) {
        this.runs = runs;
    }

    /** {@code progress}: a number from 0 to 100 (per cent done) or a message; {@code checkpoint}: any JSON. */
    @Schema(description = "A heartbeat: how far the work is, and where to resume it from; every field optional.")
    public record HeartbeatRequest(
            @Schema(description = "A number from 0 to 100 (per cent done), or a message (text up to 500 characters, "
                    + "instead of `message`).")
            JsonNode progress,
            @Schema(description = "What the work is doing: up to 500 characters.", example = "page 40 of 100")
            String message,
            @Schema(description = "Where to resume from (any JSON, within the plan's payload limit): kept with the "
                    + "run, and sent to the next attempt if there is one.")
            JsonNode checkpoint) {
    }

    /** How the work ended well. */
    @Schema(description = "How the work ended well.")
    public record CompleteRequest(
            @Schema(description = "The work's result (any JSON, within the plan's payload limit), shown on the run; "
                    + "optional.")
            JsonNode result) {
    }

    /** {@code retryable} (default true): whether the run is tried again per its job's retry policy. */
    @Schema(description = "Why the work failed, and whether the run should be tried again.")
    public record FailRequest(
            @Schema(description = "Why the work failed: up to 500 characters; kept as the run's `lastError`.",
                    example = "the export service refused the file")
            String error,
            @Schema(description = "Whether the run is tried again per its job's retry policy (never for an "
                    + "at-most-once job); `false` ends it `dead`. Default `true`.", example = "true")
            Boolean retryable) {
    }

    /** What a heartbeat answers: the run's state, and the deadlines the next heartbeat and the attempt have. */
    @Schema(description = "What a heartbeat answers: the run's state, and the deadlines of the next heartbeat and of "
            + "the attempt.")
    public record HeartbeatView(
            @Schema(description = "The run's id.", example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String runId,
            @Schema(description = "The run's state: `running`, or `delivering` when the heartbeat came before the "
                    + "callback's 202 was recorded.", example = "running", allowableValues = {"delivering", "running"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String state,
            @Schema(description = "The attempt the heartbeat was counted for.", example = "1",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int attempt,
            @Schema(description = "By when the next heartbeat must come (never past `runningDeadline`); null while "
                    + "`delivering`.", example = "2026-03-02T08:25:00Z")
            Instant heartbeatDeadline,
            @Schema(description = "When the attempt's longest duration (`longRunning.maxDuration`) ends; null when not "
                    + "yet set.", example = "2026-03-02T10:00:01Z")
            Instant runningDeadline) {
    }

    /** What completion or failure answers: the run's new state, and when it is tried again if it is. */
    @Schema(description = "What completion or failure answers: the run's new state, and when it is tried again.")
    public record EndedView(
            @Schema(description = "The run's id.", example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String runId,
            @Schema(description = "The run's new state: `succeeded` on completion; on failure `retry_wait` (tried "
                    + "again at `nextAttemptAt`) or `dead`.", example = "retry_wait",
                    allowableValues = {"succeeded", "retry_wait", "dead"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String state,
            @Schema(description = "When the run is tried again; null unless `retry_wait`.",
                    example = "2026-03-02T08:43:10Z")
            Instant nextAttemptAt) {
    }

    @PostMapping("/api/v1/runs/{runId}/heartbeat")
    @Operation(operationId = "reportHeartbeat", summary = "Report a heartbeat",
            description = "The receiver of a long-running run's callback reports that the work goes on, with its "
                    + "progress and checkpoint (the last of each is kept). The heartbeat deadline moves "
                    + "`heartbeatTimeout` ahead, never past the attempt's longest duration. Send the callback's run "
                    + "token in `Chronohook-Run-Token`, or an API key with `jobs:write`.")
    @ApiResponse(responseCode = "200", description = "The heartbeat is recorded; the run's state and deadlines.")
    @ApiResponse(responseCode = "401", description = UNAUTHORIZED)
    @ApiResponse(responseCode = "403", description = FORBIDDEN)
    @ApiResponse(responseCode = "409", description = SUPERSEDED)
    @ApiResponse(responseCode = "410", description = CANCELLED)
    @ApiResponse(responseCode = "413", description = "`payload_too_large`: the checkpoint is larger than the plan "
            + "allows.")
    public Mono<HeartbeatView> heartbeat(@Parameter(description = RUN_ID, example = RUN_ID_EXAMPLE)
                                         @PathVariable String runId,
                                         @Parameter(description = TOKEN, example = TOKEN_EXAMPLE)
                                         @RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                         @AuthenticationPrincipal Caller caller,
                                         @RequestBody(required = false) HeartbeatRequest request) {
        HeartbeatRequest body = request == null ? new HeartbeatRequest(null, null, null) : request;
        Validation v = new Validation();
        Double fraction = null;
        String message = optionalText(body.message(), "message", v);
        if (body.progress() != null && !body.progress().isNull()) {
            if (body.progress().isNumber()) {
                double percent = body.progress().doubleValue();
                v.require(percent >= 0 && percent <= 100, "progress", "must be a number from 0 to 100 or a message");
                fraction = percent / 100;
            } else if (body.progress().isString()) {
                v.require(message == null, "progress", "is a message; send either a message here or in message");
                message = optionalText(body.progress().asString(), "progress", v);
            } else {
                v.require(false, "progress", "must be a number from 0 to 100 or a message");
            }
        }
        v.check();
        Double done = fraction;
        String said = message;
        String checkpoint = json(body.checkpoint());
        RunId id = runId(runId);
        return runs.authorize(id, token, caller)
                .flatMap(reported -> {
                    limit(checkpoint, "checkpoint", reported.run().maxCheckpointBytes());
                    return runs.heartbeat(reported, new RunningRuns.Heartbeat(done, said, checkpoint))
                            .map(beat -> new HeartbeatView(id.toString(), beat.state().wire(), reported.attempt(),
                                    beat.state() == RunState.RUNNING ? beat.deadline() : null,
                                    beat.runningDeadline()));
                });
    }

    @PostMapping("/api/v1/runs/{runId}/complete")
    @Operation(operationId = "completeRun", summary = "Complete a run",
            description = "The receiver of a long-running run's callback reports that the work is done: the run "
                    + "`succeeded`, with the result given, and the run token is revoked. Send the callback's run "
                    + "token in `Chronohook-Run-Token`, or an API key with `jobs:write`.")
    @ApiResponse(responseCode = "200", description = "The run, `succeeded`.")
    @ApiResponse(responseCode = "401", description = UNAUTHORIZED)
    @ApiResponse(responseCode = "403", description = FORBIDDEN)
    @ApiResponse(responseCode = "409", description = SUPERSEDED)
    @ApiResponse(responseCode = "410", description = CANCELLED)
    @ApiResponse(responseCode = "413", description = "`payload_too_large`: the result is larger than the plan allows.")
    public Mono<EndedView> complete(@Parameter(description = RUN_ID, example = RUN_ID_EXAMPLE)
                                    @PathVariable String runId,
                                    @Parameter(description = TOKEN, example = TOKEN_EXAMPLE)
                                    @RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                    @AuthenticationPrincipal Caller caller,
                                    @RequestBody(required = false) CompleteRequest request) {
        String result = request == null ? null : json(request.result());
        RunId id = runId(runId);
        return runs.authorize(id, token, caller)
                .flatMap(reported -> {
                    limit(result, "result", reported.run().maxCheckpointBytes());
                    return runs.complete(reported, result);
                })
                .map(ended -> new EndedView(id.toString(), RunState.SUCCEEDED.wire(), null));
    }

    @PostMapping("/api/v1/runs/{runId}/fail")
    @Operation(operationId = "failRun", summary = "Fail a run",
            description = "The receiver of a long-running run's callback reports that the work failed: the run is "
                    + "tried again per its job's retry policy (`retry_wait`), or ends `dead` when `retryable` is "
                    + "false, its attempts are spent or the job is at-most-once; the run token is revoked. Send the "
                    + "callback's run token in `Chronohook-Run-Token`, or an API key with `jobs:write`.")
    @ApiResponse(responseCode = "200", description = "The run, `retry_wait` with its `nextAttemptAt`, or `dead`.")
    @ApiResponse(responseCode = "401", description = UNAUTHORIZED)
    @ApiResponse(responseCode = "403", description = FORBIDDEN)
    @ApiResponse(responseCode = "409", description = SUPERSEDED)
    @ApiResponse(responseCode = "410", description = CANCELLED)
    public Mono<EndedView> fail(@Parameter(description = RUN_ID, example = RUN_ID_EXAMPLE)
                                @PathVariable String runId,
                                @Parameter(description = TOKEN, example = TOKEN_EXAMPLE)
                                @RequestHeader(name = TOKEN_HEADER, required = false) String token,
                                @AuthenticationPrincipal Caller caller,
                                @RequestBody(required = false) FailRequest request) {
        Validation v = new Validation();
        String error = optionalText(request == null ? null : request.error(), "error", v);
        v.check();
        boolean retryable = request == null || request.retryable() == null || request.retryable();
        RunId id = runId(runId);
        return runs.authorize(id, token, caller)
                .flatMap(reported -> runs.fail(reported, error == null ? "no reason given" : error, retryable))
                .map(ended -> new EndedView(id.toString(), ended.state().wire(),
                        ended.state() == RunState.RETRY_WAIT ? ended.entry().dueAt() : null));
    }

    /** An optional text of at most {@link #MAX_TEXT} characters; null when absent, blank or invalid (recorded). */
    private static String optionalText(String value, String field, Validation v) {
        if (value == null || value.isBlank()) {
            return null;
        }
        v.require(value.length() <= MAX_TEXT, field, "must be at most " + MAX_TEXT + " characters long");
        return value.length() <= MAX_TEXT ? value.strip() : null;
    }

    private static String json(JsonNode node) {
        return node == null || node.isNull() ? null : node.toString();
    }

    private static void limit(String json, String field, int maxBytes) {
        if (json == null) {
            return;
        }
        int size = json.getBytes(StandardCharsets.UTF_8).length;
        if (size > maxBytes) {
            Validation v = new Validation();
            v.fail(field, "is " + size + " bytes of JSON; the plan allows at most " + maxBytes, "payload_too_large");
            v.check();
        }
    }

    private static RunId runId(String text) {
        return RunId.parse(text).orElseThrow(() -> ApiException.notFound("run " + text));
    }
}
