package io.chronohook.dashboard.runs;

import java.util.Optional;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Job;
import io.chronohook.dashboard.backend.Run;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Mono;

/** {@code /runs/{id}}: one run with its attempts, and the cancel and replay buttons that act on it. */
@Controller
public class RunController {

    static final String NOT_CANCELLABLE = "The run already started; it can no longer be cancelled.";
    static final String NOT_REPLAYABLE = "Only a dead run can be replayed; this one is not dead (any more).";

    private final BackendClient backend;
    private final Pages pages;

    public RunController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    /** The run page; a run the backend does not know (or another tenant's) is the 404 page. */
    @GetMapping("/runs/{id}")
    public Mono<Rendering> show(@PathVariable String id, Session session, ServerWebExchange exchange) {
        Mono<RunPage> page = backend.get(session.token(), uri -> uri.path("/api/v1/runs/{id}").build(id), Run.class)
                .flatMap(run -> jobName(session, run.jobId()).map(name -> RunPage.of(run, name.orElse(null))));
        return pages.render(exchange, session, Nav.JOBS, "runs/run", page,
                shown -> "Run " + shown.run().id() + " · Chronohook", HttpStatus.OK);
    }

    @PostMapping("/runs/{id}/cancel")
    public Mono<Rendering> cancel(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return act(session, exchange, id, "/api/v1/runs/{id}/cancel", "Run cancelled.", NOT_CANCELLABLE);
    }

    @PostMapping("/runs/{id}/replay")
    public Mono<Rendering> replay(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return act(session, exchange, id, "/api/v1/runs/{id}/replay",
                "Run replayed: back in the queue with the same run id.", NOT_REPLAYABLE);
    }

    /** Posts to the backend and goes back to the run; a 409 (the run moved on) is a flash, not an error page. */
    private Mono<Rendering> act(Session session, ServerWebExchange exchange, String id, String route, String done,
                                String conflict) {
        String back = href(id);
        return backend.perform(session.token(), HttpMethod.POST, uri -> uri.path(route).build(id), null)
                .then(Mono.fromSupplier(() -> pages.redirect(exchange, back, Flash.success(done))))
                .onErrorResume(BackendProblem.class, problem -> problem.status() == 409
                        ? Mono.just(pages.redirect(exchange, back, Flash.error(conflict)))
                        : Mono.error(problem));
    }

    /** The job's name for the header; a job that cannot be read (e.g. deleted) leaves just its id. */
    private Mono<Optional<String>> jobName(Session session, String jobId) {
        if (jobId == null) {
            return Mono.just(Optional.empty());
        }
        return backend.get(session.token(), uri -> uri.path("/api/v1/jobs/{id}").build(jobId), Job.class)
                .map(job -> Optional.ofNullable(job.name()))
                .onErrorResume(BackendProblem.class, unreadable -> Mono.just(Optional.empty()))
                .defaultIfEmpty(Optional.empty());
    }

    /** The run page's path with the id encoded. */
    public static String href(String runId) {
        return UriComponentsBuilder.fromPath("/runs/{id}").buildAndExpand(runId).encode().toUriString();
    }
}
