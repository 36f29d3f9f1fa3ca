package io.chronohook.outcome;

import io.chronohook.access.Caller;
import io.chronohook.history.HistoryWindow;
import io.chronohook.job.JobId;
import io.chronohook.job.JobStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.platform.Validation;
import io.chronohook.schedule.Run;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore;
import io.chronohook.schedule.RunView;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The dead-letter queue: dead runs, replay of one, bulk replay of a job's or a time range's dead runs. */
@RestController
@Tag(name = ApiTags.DEAD_LETTERS)
public class DeadLetterController {

    private final RunStore runs;
    private final HistoryWindow window;
    private final Replays replays;
    private final JobStore jobs;

    public DeadLetterController(RunStore runs, Replays replays, JobStore jobs, HistoryWindow window) {
        this.runs = runs;
        this.window = window;
        this.replays = replays;
        this.jobs = jobs;
    }

    /** Which dead runs a bulk replay covers: those of {@code jobId}, and/or dead between {@code from} and {@code to}. */
    @Schema(description = "Which dead runs a bulk replay covers: those of a job, those that died within a time range, "
            + "or those of a job that died within the range; at least one of `jobId`, `from` and `to` is given.")
    public record BulkReplayRequest(
            @Schema(description = "Only the dead runs of this job (`job_…`); left out for every job.",
                    example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
            String jobId,
            @Schema(description = "Only the runs that died (finished as `dead`) at or after this instant (ISO-8601); "
                    + "left out for no lower bound.", example = "2026-03-01T00:00:00Z")
            String from,
            @Schema(description = "Only the runs that died before this instant (ISO-8601), after `from` when both "
                    + "are given; left out for no upper bound.", example = "2026-03-02T00:00:00Z")
            String to) {
    }

    @GetMapping("/api/v1/dead-letters")
    @Operation(operationId = "listDeadLetters", summary = "List dead runs",
            description = "The tenant's dead runs (retries exhausted), newest first, each with its job's name as "
                    + "`jobName` when the job has one; only runs scheduled within the plan's history retention are "
                    + "listed. In pages: pass the answer's `nextCursor` as `cursor` for the next page (null on the "
                    + "last one); `limit` is 1–200, default 50. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "A page of dead runs, newest first.")
    public Mono<Page<RunView>> list(@AuthenticationPrincipal Caller caller,
                                    @Parameter(description = "Only the dead runs of this job (`job_…`); a value that "
                                            + "is not a job id is a `400` naming `jobId`.",
                                            example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                    @RequestParam(required = false) String jobId,
                                    @Parameter(description = "How many runs a page holds: 1–200; default 50.",
                                            example = "50")
                                    @RequestParam(required = false) Integer limit,
                                    @Parameter(description = "The `nextCursor` of the previous page; left out for "
                                            + "the first page.",
                                            example = "MDE5NWE3ZWUtNWI2Yy03ZDhlLTlmMGEtMWIyYzNkNGU1ZjZh")
                                    @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        JobId job = jobId == null ? null
                : JobId.parse(jobId).orElseThrow(() -> ApiException.invalid("jobId", "is not a job id"));
        return window.start(caller.tenantId()).flatMap(since -> runs.dead(caller.tenantId(), job, since, page))
                .flatMap(result -> jobs.names(caller.tenantId(), result.items().stream().map(Run::jobId).toList())
                        .map(names -> new Page<>(result.items().stream()
                                .map(run -> RunView.of(run, null).withJobName(names.get(run.jobId()))).toList(),
                                result.nextCursor())));
    }

    @PostMapping("/api/v1/runs/{runId}/replay")
    @Operation(operationId = "replayRun", summary = "Replay a dead run",
            description = "Puts a dead run back to `queued`, due now: the same run id (the receiver's idempotency "
                    + "key), a fresh retry budget, signed with the tenant's current secret. Needs `jobs:write`. "
                    + "Audited as `run.replayed`.")
    @ApiResponse(responseCode = "202", description = "The run, `queued` again.")
    @ApiResponse(responseCode = "409", description = "`invalid_state`: the run is not dead; only a dead run can be "
            + "replayed.")
    @ApiResponse(responseCode = "410", description = "`history_expired`: the run is older than the plan's history "
            + "retention; `detail` names it.")
    public Mono<ResponseEntity<RunView>> replay(@AuthenticationPrincipal Caller caller,
                                                @Parameter(description = "The run's id (`run_…`).",
                                                        example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a")
                                                @PathVariable String runId) {
        RunId id = RunId.parse(runId).orElseThrow(() -> ApiException.notFound("run " + runId));
        return replays.replayOne(caller, id)
                .map(run -> ResponseEntity.status(HttpStatus.ACCEPTED).body(RunView.of(run, null)));
    }

    @PostMapping("/api/v1/dead-letters/replay")
    @Operation(operationId = "replayDeadLetters", summary = "Replay dead runs in bulk",
            description = "Replays every dead run of a job and/or that died within `[from, to)`, up to 100,000 "
                    + "runs, in the background and in chunks: the answer comes at once, with the runs selected as "
                    + "`total`; follow it with `GET /api/v1/dead-letters/replays/{id}`. Each run is replayed as by "
                    + "`POST /api/v1/runs/{runId}/replay`; runs older than the plan's history retention are left "
                    + "out. Needs `jobs:write`. Audited as `runs.replayed`.")
    @ApiResponse(responseCode = "202", description = "The bulk replay as it starts, `running` (one that covers no run "
            + "may already be `done`), with the number of runs it covers as `total`.")
    public Mono<ResponseEntity<Replays.Progress>> replayMany(@AuthenticationPrincipal Caller caller,
                                                            @RequestBody BulkReplayRequest request) {
        Validation v = new Validation();
        JobId job = null;
        if (request.jobId() != null) {
            job = JobId.parse(request.jobId()).orElse(null);
            v.require(job != null, "jobId", "is not a job id");
        }
        Instant from = v.instant(request.from(), "from");
        Instant to = v.instant(request.to(), "to");
        v.require(job != null || from != null || to != null, "jobId",
                "name a job, a time range (from, to), or both");
        if (from != null && to != null) {
            v.require(to.isAfter(from), "to", "must be after from");
        }
        v.check();
        return replays.replayMany(caller, job, from, to)
                .map(progress -> ResponseEntity.status(HttpStatus.ACCEPTED).body(progress));
    }

    @GetMapping("/api/v1/dead-letters/replays/{id}")
    @Operation(operationId = "getBulkReplay", summary = "Get a bulk replay's progress",
            description = "How far a bulk replay got: `replayed` of `total` runs, and its state (`running`, then "
                    + "`done` or `failed`). Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The bulk replay and its progress.")
    public Mono<Replays.Progress> progress(@AuthenticationPrincipal Caller caller,
                                           @Parameter(description = "The bulk replay's id (`rpl_…`), as its start "
                                                   + "answered.", example = "rpl_0195a8f1c2d37e4f9a0b1c2d3e4f5a6b")
                                           @PathVariable String id) {
        return replays.progress(caller.tenantId(), PrefixedIds.parse(Replays.ID_PREFIX, id)
                .orElseThrow(() -> ApiException.notFound("replay " + id)));
    }
}
