package io.chronohook.dashboard.deadletters;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Job;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.backend.Run;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import java.util.Comparator;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Reads a page of dead runs and renders the dead-letter list, with a bulk replay form as it was sent. */
@Component
public class DeadLetterList {

    static final int PAGE_SIZE = 25;
    /** Jobs offered by the filter's picker: the most recent ones (a job id in the URL is kept even if older). */
    static final int JOB_CHOICES = 200;

    private final BackendClient backend;
    private final Pages pages;

    public DeadLetterList(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    /** Renders {@code deadletters/list} answered with {@code status}; a job id the backend refuses shows at the filter. */
    public Mono<Rendering> render(ServerWebExchange exchange, Session session, String jobId, String cursor,
                                  ReplayForm replay, HttpStatus status) {
        Mono<List<JobChoice>> jobs = jobChoices(session);
        Mono<DeadLettersPage> page = fetch(session, jobId, cursor)
                .zipWith(jobs, (runs, choices) -> new DeadLettersPage(jobId, cursor, runs, null, replay, choices))
                .onErrorResume(BackendProblem.class, problem -> problem.status() == 400 && jobId != null
                        && problem.messageFor("jobId").isPresent()
                        ? jobs.map(choices -> new DeadLettersPage(jobId, null, new Listing<>(null, null),
                                "“" + jobId + "” " + problem.messageFor("jobId").get() + ".", replay, choices))
                        : Mono.error(problem));
        return pages.render(exchange, session, Nav.DEAD_LETTERS, "deadletters/list", page,
                shown -> "Dead letters · Chronohook", status);
    }

    /** The tenant's most recent jobs for the filter's picker, by name (id when unnamed). */
    private Mono<List<JobChoice>> jobChoices(Session session) {
        return backend.list(session.token(), uri -> uri.path("/api/v1/jobs").queryParam("limit", JOB_CHOICES).build(),
                        Job.class)
                .map(jobs -> jobs.items().stream().map(JobChoice::of)
                        .sorted(Comparator.comparing(JobChoice::label, String.CASE_INSENSITIVE_ORDER)).toList());
    }

    private Mono<Listing<Run>> fetch(Session session, String jobId, String cursor) {
        return backend.list(session.token(), uri -> {
            uri.path("/api/v1/dead-letters").queryParam("limit", PAGE_SIZE);
            return uri.build(DeadLetterLinks.filter(uri, jobId, cursor));
        }, Run.class);
    }
}
