package io.chronohook.dashboard.jobs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Job;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.backend.Run;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /jobs/{id}}: the job's definition and run history, and its actions — pause, resume, trigger now (once per
 * rendered page, through an Idempotency-Key), delete. A job the backend does not know is the 404 page.
 */
@Controller
public class JobController {

    static final int RUNS_PAGE = 25;

    private final BackendClient backend;
    private final Pages pages;

    public JobController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping("/jobs/{id}")
    public Mono<Rendering> show(@PathVariable String id, @RequestParam(required = false) String state,
                                @RequestParam(required = false) String cursor,
                                @RequestParam(required = false) String triggered,
                                Session session, ServerWebExchange exchange) {
        String runState = state != null && JobDetailPage.RUN_STATES.contains(state) ? state : "";
        String page = cursor == null || cursor.isBlank() ? null : cursor;
        Map<String, String> query = new LinkedHashMap<>();
        if (!runState.isEmpty()) {
            query.put("state", runState);
        }
        if (page != null) {
            query.put("cursor", page);
        }
        Map<String, String> vars = new LinkedHashMap<>(query);
        vars.put("id", id);
        Mono<Job> job = backend.get(session.token(), uri -> uri.path("/api/v1/jobs/{id}").build(id), Job.class);
        Mono<Listing<Run>> runs = backend.list(session.token(), uri -> {
            uri.path("/api/v1/jobs/{id}/runs").queryParam("limit", RUNS_PAGE);
            query.keySet().forEach(name -> uri.queryParam(name, "{" + name + "}"));
            return uri.build(vars);
        }, Run.class);
        String path = JobFormController.jobPath(id);
        Mono<JobDetailPage> detail = Mono.zip(job, runs).map(both -> {
            Job found = both.getT1();
            var listing = both.getT2();
            return new JobDetailPage(found, ScheduleWords.of(found.schedule(), pages.times(exchange).zone()), listing,
                    runState, listing.nextCursor() == null ? null
                            : Links.to(path, "state", runState, "cursor", listing.nextCursor()),
                    Links.to(path, "state", runState), page == null, UUID.randomUUID().toString(),
                    triggered != null && triggered.matches("[A-Za-z0-9_-]{1,80}") ? triggered : null,
                    pages.times(exchange).now());
        });
        return pages.render(exchange, session, Nav.JOBS, "jobs/detail", detail,
                p -> p.job().name() + " · Jobs · Chronohook", HttpStatus.OK);
    }

    /** From the job page, or from a row of the jobs list (the form's {@code returnTo}), back to where it was. */
    @PostMapping("/jobs/{id}/pause")
    public Mono<Rendering> pause(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String back = returnTo(form.getFirst("returnTo"), JobFormController.jobPath(id));
            return act(exchange, back, backend.send(session.token(), HttpMethod.POST,
                    uri -> uri.path("/api/v1/jobs/{id}/pause").build(id), null, Job.class)
                    .map(job -> back), done(form, "paused."));
        });
    }

    @PostMapping("/jobs/{id}/resume")
    public Mono<Rendering> resume(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String back = returnTo(form.getFirst("returnTo"), JobFormController.jobPath(id));
            return act(exchange, back, backend.send(session.token(), HttpMethod.POST,
                    uri -> uri.path("/api/v1/jobs/{id}/resume").build(id), null, Job.class)
                    .map(job -> back), done(form, "resumed."));
        });
    }

    /** "Job “nightly” paused." when the form names the job (the list's rows do), else "Job paused.". */
    private static String done(MultiValueMap<String, String> form, String what) {
        String name = form.getFirst("jobName");
        return name == null || name.isBlank() ? "Job " + what : "Job “" + name + "” " + what;
    }

    /** A path of the jobs pages to go back to, or {@code fallback}: never another site (no open redirect). */
    static String returnTo(String path, String fallback) {
        if (path == null || !path.startsWith("/jobs") || path.startsWith("//") || path.contains("\\")) {
            return fallback;
        }
        return path;
    }

    /** Starts a run now; the page's key makes a repeated post (a double click) return the same run. */
    @PostMapping("/jobs/{id}/trigger")
    public Mono<Rendering> trigger(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String key = form.getFirst("idempotencyKey");
            Map<String, String> headers = key == null || key.isBlank() ? Map.of() : Map.of("Idempotency-Key", key);
            String back = form.getFirst("returnTo") == null ? null : returnTo(form.getFirst("returnTo"), null);
            Mono<String> started = backend.send(session.token(), HttpMethod.POST,
                            uri -> uri.path("/api/v1/jobs/{id}/trigger").build(id), null, headers, Run.class)
                    .map(run -> back != null ? back : Links.to(JobFormController.jobPath(id), "triggered", run.id()));
            return act(exchange, back != null ? back : JobFormController.jobPath(id), started,
                    back != null ? done(form, "triggered: a run is on its way.") : null);
        });
    }

    @PostMapping("/jobs/{id}/delete")
    public Mono<Rendering> delete(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return act(exchange, JobFormController.jobPath(id), backend.perform(session.token(), HttpMethod.DELETE,
                uri -> uri.path("/api/v1/jobs/{id}").build(id), null).thenReturn("/jobs"), "Job deleted.");
    }

    /**
     * Redirects where the action leads, or to {@code failedPath} with the backend's reason; an unknown job is the 404
     * page.
     */
    private Mono<Rendering> act(ServerWebExchange exchange, String failedPath, Mono<String> done, String message) {
        return done.map(path -> pages.redirect(exchange, path, message == null ? null
                        : Flash.success(message)))
                .onErrorResume(BackendProblem.class, problem -> problem.isNotFound() ? Mono.error(problem)
                        : Mono.just(pages.redirect(exchange, failedPath,
                                Flash.error(FormProblems.sentence(problem.detail())))));
    }
}
