package io.chronohook.running;

import io.chronohook.access.Caller;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Validation;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
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
public class RunningController {

    static final String TOKEN_HEADER = "Chronohook-Run-Token";
    static final int MAX_TEXT = 500;

    private final RunningRuns runs;

    public RunningController(RunningRuns runs) {
        this.runs = runs;
    }

    /** {@code progress}: a number from 0 to 100 (per cent done) or a message; {@code checkpoint}: any JSON. */
    public record HeartbeatRequest(JsonNode progress, String message, JsonNode checkpoint) {
    }

    public record CompleteRequest(JsonNode result) {
    }

    /** {@code retryable} (default true): whether the run is tried again per its job's retry policy. */
    public record FailRequest(String error, Boolean retryable) {
    }

    /** What a heartbeat answers: the run's state, and the deadlines the next heartbeat and the attempt have. */
    public record HeartbeatView(String runId, String state, int attempt, Instant heartbeatDeadline,
                                Instant runningDeadline) {
    }

    /** What completion or failure answers: the run's new state, and when it is tried again if it is. */
    public record EndedView(String runId, String state, Instant nextAttemptAt) {
    }

    @PostMapping("/api/v1/runs/{runId}/heartbeat")
    public Mono<HeartbeatView> heartbeat(@PathVariable String runId,
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
    public Mono<EndedView> complete(@PathVariable String runId,
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
    public Mono<EndedView> fail(@PathVariable String runId,
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
