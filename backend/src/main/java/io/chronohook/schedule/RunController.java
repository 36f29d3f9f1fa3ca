package io.chronohook.schedule;

import io.chronohook.access.Caller;
import io.chronohook.history.HistoryWindow;
import io.chronohook.history.RunIdBounds;
import io.chronohook.job.JobId;
import io.chronohook.job.JobStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** Run history: a job's runs newest first, one run with its attempts, and cancelling a run. */
@RestController
@Tag(name = ApiTags.RUNS)
public class RunController {

    private final RunStore runs;
    private final HistoryWindow window;
    private final JobStore jobs;
    private final Clock clock;

    public RunController(RunStore runs, JobStore jobs, HistoryWindow window, Clock clock) {
        this.runs = runs;
        this.window = window;
        this.jobs = jobs;
        this.clock = clock;
    }

    @GetMapping("/api/v1/jobs/{jobId}/runs")
    @Operation(operationId = "listRuns", summary = "List a job's runs",
            description = "The job's runs scheduled within the plan's history retention, newest (latest scheduled) "
                    + "first, without their attempts; a frequent job's list starts with the runs planned a few "
                    + "seconds ahead (`scheduled`). In pages: pass the answer's `nextCursor` as `cursor` for the next "
                    + "page (null on the last one); `limit` is 1–200, default 50. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "A page of the job's runs, newest first.")
    public Mono<Page<RunView>> list(@AuthenticationPrincipal Caller caller,
                                    @Parameter(description = "The job's id (`job_…`).",
                                            example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                    @PathVariable String jobId,
                                    @Parameter(description = "Only runs in this state.", example = "dead",
                                            schema = @Schema(allowableValues = {"scheduled", "queued", "delivering",
                                                    "running", "retry_wait", "succeeded", "dead", "cancelled",
                                                    "quota_exceeded", "skipped"}))
                                    @RequestParam(required = false) String state,
                                    @Parameter(description = "How many runs a page holds: 1–200; default 50.",
                                            example = "50")
                                    @RequestParam(required = false) Integer limit,
                                    @Parameter(description = "The `nextCursor` of the previous page; left out for the "
                                            + "first page.",
                                            example = "MDE5NWE3ZWUtNWI2Yy03ZDhlLTlmMGEtMWIyYzNkNGU1ZjZh")
                                    @RequestParam(required = false) String cursor) {
        JobId id = JobId.parse(jobId).orElseThrow(() -> ApiException.notFound("job " + jobId));
        PageRequest page = PageRequest.of(limit, cursor);
        RunState filter = state(state);
        return jobs.read(caller.tenantId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("job " + jobId)))
                .flatMap(job -> window.start(caller.tenantId())
                        .map(start -> later(start, RunIdBounds.earliestRunOf(job.createdAt()))))
                .flatMap(since -> runs.listForJob(caller.tenantId(), id, filter, since, page))
                .map(result -> new Page<>(result.items().stream().map(run -> RunView.of(run, null)).toList(),
                        result.nextCursor()));
    }

    @GetMapping("/api/v1/runs/{runId}")
    @Operation(operationId = "getRun", summary = "Get a run",
            description = "The run with its attempts, each with the request it sent (credential-like header values "
                    + "masked) and the response headers it got. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The run, with `attempts`.")
    @ApiResponse(responseCode = "410", description = "`history_expired`: the run was scheduled before the plan's "
            + "history retention; the `detail` names it.")
    public Mono<RunView> get(@AuthenticationPrincipal Caller caller,
                             @Parameter(description = "The run's id (`run_…`).",
                                     example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a")
                             @PathVariable String runId) {
        RunId id = runId(runId);
        return runs.read(caller.tenantId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("run " + runId)))
                .flatMap(run -> window.require(caller.tenantId(), id).thenReturn(run))
                .flatMap(run -> runs.attempts(caller.tenantId(), id).collectList()
                        .zipWith(jobs.currentPayload(caller.tenantId(), run.jobId())
                                .map(job -> Optional.of(new RunView.CurrentPayload(job.payloadVersion(),
                                        job.payload().body())))
                                .defaultIfEmpty(Optional.empty()))
                        .map(found -> RunView.of(run, found.getT1(), found.getT2().orElse(null))));
    }

    @PostMapping("/api/v1/runs/{runId}/cancel")
    @Operation(operationId = "cancelRun", summary = "Cancel a run",
            description = "Cancels a run not yet delivering (`scheduled`, `queued`, `retry_wait`, `quota_exceeded`), "
                    + "or a `running` one: its run token is revoked and its receiver's next report is answered "
                    + "`410 run_cancelled`. Needs `jobs:write`.")
    @ApiResponse(responseCode = "200", description = "The run, `cancelled`.")
    @ApiResponse(responseCode = "409", description = "`invalid_state`: an attempt is being delivered, or the run has "
            + "finished.")
    @ApiResponse(responseCode = "410", description = "`history_expired`: the run was scheduled before the plan's "
            + "history retention.")
    public Mono<RunView> cancel(@AuthenticationPrincipal Caller caller,
                                @Parameter(description = "The run's id (`run_…`).",
                                        example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a")
                                @PathVariable String runId) {
        RunId id = runId(runId);
        return runs.read(caller.tenantId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("run " + runId)))
                .flatMap(run -> window.require(caller.tenantId(), id).thenReturn(run))
                .flatMap(run -> runs.cancel(caller.tenantId(), id, clock.instant()))
                .flatMap(cancelled -> cancelled ? runs.find(caller.tenantId(), id)
                        : Mono.error(new ApiException(HttpStatus.CONFLICT, "invalid_state",
                                "the run has already started or finished and cannot be cancelled")))
                .map(run -> RunView.of(run, null));
    }

    private static Instant later(Instant one, Instant other) {
        return one.isAfter(other) ? one : other;
    }

    private static RunId runId(String text) {
        return RunId.parse(text).orElseThrow(() -> ApiException.notFound("run " + text));
    }

    private static RunState state(String text) {
        if (text == null) {
            return null;
        }
        try {
            return RunState.fromWire(text);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("state", "is not a run state");
        }
    }
}
