package io.chronohook.schedule;

import io.chronohook.access.Caller;
import io.chronohook.history.HistoryWindow;
import io.chronohook.job.JobId;
import io.chronohook.job.JobStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import java.time.Clock;
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
    public Mono<Page<RunView>> list(@AuthenticationPrincipal Caller caller, @PathVariable String jobId,
                                    @RequestParam(required = false) String state,
                                    @RequestParam(required = false) Integer limit,
                                    @RequestParam(required = false) String cursor) {
        JobId id = JobId.parse(jobId).orElseThrow(() -> ApiException.notFound("job " + jobId));
        PageRequest page = PageRequest.of(limit, cursor);
        RunState filter = state(state);
        return jobs.find(caller.tenantId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("job " + jobId)))
                .flatMap(job -> window.start(caller.tenantId()))
                .flatMap(since -> runs.listForJob(caller.tenantId(), id, filter, since, page))
                .map(result -> new Page<>(result.items().stream().map(run -> RunView.of(run, null)).toList(),
                        result.nextCursor()));
    }

    @GetMapping("/api/v1/runs/{runId}")
    public Mono<RunView> get(@AuthenticationPrincipal Caller caller, @PathVariable String runId) {
        RunId id = runId(runId);
        return runs.find(caller.tenantId(), id)
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
    public Mono<RunView> cancel(@AuthenticationPrincipal Caller caller, @PathVariable String runId) {
        RunId id = runId(runId);
        return runs.find(caller.tenantId(), id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("run " + runId)))
                .flatMap(run -> window.require(caller.tenantId(), id).thenReturn(run))
                .flatMap(run -> runs.cancel(caller.tenantId(), id, clock.instant()))
                .flatMap(cancelled -> cancelled ? runs.find(caller.tenantId(), id)
                        : Mono.error(new ApiException(HttpStatus.CONFLICT, "invalid_state",
                                "the run has already started or finished and cannot be cancelled")))
                .map(run -> RunView.of(run, null));
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
