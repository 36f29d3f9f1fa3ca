package io.chronohook.dashboard.deadletters;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.backend.Run;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Reads a page of dead runs and renders the dead-letter list, with a bulk replay form as it was sent. */
@Component
public class DeadLetterList {

    static final int PAGE_SIZE = 25;

    private final BackendClient backend;
    private final Pages pages;

    public DeadLetterList(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    /** Renders {@code deadletters/list} answered with {@code status}; a job id the backend refuses shows at the filter. */
    public Mono<Rendering> render(ServerWebExchange exchange, Session session, String jobId, String cursor,
                                  ReplayForm replay, HttpStatus status) {
        Mono<DeadLettersPage> page = fetch(session, jobId, cursor)
                .map(runs -> new DeadLettersPage(jobId, cursor, runs, null, replay))
                .onErrorResume(BackendProblem.class, problem -> problem.status() == 400 && jobId != null
                        && problem.messageFor("jobId").isPresent()
                        ? Mono.just(new DeadLettersPage(jobId, null, new Listing<>(null, null),
                                "“" + jobId + "” " + problem.messageFor("jobId").get() + ".", replay))
                        : Mono.error(problem));
        return pages.render(exchange, session, Nav.DEAD_LETTERS, "deadletters/list", page,
                shown -> "Dead letters · Chronohook", status);
    }

    private Mono<Listing<Run>> fetch(Session session, String jobId, String cursor) {
        return backend.list(session.token(), uri -> {
            uri.path("/api/v1/dead-letters").queryParam("limit", PAGE_SIZE);
            return uri.build(DeadLetterLinks.filter(uri, jobId, cursor));
        }, Run.class);
    }
}
