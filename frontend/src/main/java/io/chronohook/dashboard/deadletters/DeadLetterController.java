package io.chronohook.dashboard.deadletters;

import static io.chronohook.dashboard.deadletters.DeadLetterLinks.blankToNull;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /dead-letters}: the dead runs, filtered by job, and the replay button of each. */
@Controller
public class DeadLetterController {

    private final BackendClient backend;
    private final Pages pages;
    private final DeadLetterList list;

    public DeadLetterController(BackendClient backend, Pages pages, DeadLetterList list) {
        this.backend = backend;
        this.pages = pages;
        this.list = list;
    }

    @GetMapping("/dead-letters")
    public Mono<Rendering> list(@RequestParam(required = false) String jobId,
                                @RequestParam(required = false) String cursor, Session session,
                                ServerWebExchange exchange) {
        return list.render(exchange, session, blankToNull(jobId), blankToNull(cursor), ReplayForm.empty(),
                HttpStatus.OK);
    }

    /** Replays one dead run and comes back to the same filtered page. */
    @PostMapping("/dead-letters/replay-run")
    public Mono<Rendering> replayRun(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String runId = blankToNull(form.getFirst("runId"));
            String back = DeadLetterLinks.list(blankToNull(form.getFirst("jobId")), blankToNull(form.getFirst("cursor")));
            if (runId == null) {
                return Mono.just(pages.redirect(exchange, back, Flash.error("Choose a run to replay.")));
            }
            return backend.perform(session.token(), HttpMethod.POST,
                            uri -> uri.path("/api/v1/runs/{id}/replay").build(runId), null)
                    .then(Mono.fromSupplier(() -> pages.redirect(exchange, back, Flash.success(
                            "Run " + runId + " replayed: back in the queue with the same run id."))))
                    .onErrorResume(BackendProblem.class, problem -> problem.status() == 409 || problem.isNotFound()
                            ? Mono.just(pages.redirect(exchange, back, Flash.error("Run " + runId
                                    + " is not in the dead letters any more; it may have been replayed already.")))
                            : Mono.error(problem));
        });
    }
}
