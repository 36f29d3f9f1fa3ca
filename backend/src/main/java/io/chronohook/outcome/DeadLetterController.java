package io.chronohook.outcome;

import io.chronohook.access.Caller;
import io.chronohook.history.HistoryWindow;
import io.chronohook.job.JobId;
import io.chronohook.job.JobStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.platform.Validation;
import io.chronohook.schedule.Run;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore;
import io.chronohook.schedule.RunView;
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
    public record BulkReplayRequest(String jobId, String from, String to) {
    }

    @GetMapping("/api/v1/dead-letters")
    public Mono<Page<RunView>> list(@AuthenticationPrincipal Caller caller,
                                    @RequestParam(required = false) String jobId,
                                    @RequestParam(required = false) Integer limit,
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
    public Mono<ResponseEntity<RunView>> replay(@AuthenticationPrincipal Caller caller, @PathVariable String runId) {
        RunId id = RunId.parse(runId).orElseThrow(() -> ApiException.notFound("run " + runId));
        return replays.replayOne(caller, id)
                .map(run -> ResponseEntity.status(HttpStatus.ACCEPTED).body(RunView.of(run, null)));
    }

    @PostMapping("/api/v1/dead-letters/replay")
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
    public Mono<Replays.Progress> progress(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return replays.progress(caller.tenantId(), PrefixedIds.parse(Replays.ID_PREFIX, id)
                .orElseThrow(() -> ApiException.notFound("replay " + id)));
    }
}
