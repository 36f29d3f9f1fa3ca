package io.chronohook.dashboard.jobs;

import java.time.ZoneId;
import java.util.Map;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Job;
import io.chronohook.dashboard.page.Chrome;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.CsrfFilter;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.UriUtils;
import reactor.core.publisher.Mono;

/**
 * The job form: {@code /jobs/new} and {@code POST /jobs} create, {@code /jobs/{id}/edit} and {@code POST /jobs/{id}}
 * save a merge patch under {@code If-Match}, {@code POST /jobs/preview} answers the live preview as an HTML fragment.
 * A refusal re-renders the form with every typed value and each message beside its field.
 */
@Controller
public class JobFormController {

    private final BackendClient backend;
    private final Pages pages;
    private final JobPreviews previews;

    public JobFormController(BackendClient backend, Pages pages, JobPreviews previews) {
        this.backend = backend;
        this.pages = pages;
        this.previews = previews;
    }

    @GetMapping("/jobs/new")
    public Mono<Rendering> blank(Session session, ServerWebExchange exchange) {
        ZoneId zone = zone(exchange);
        return show(exchange, session, null, null, JobForm.blank(zone), Map.of(), null, HttpStatus.OK);
    }

    @PostMapping("/jobs")
    public Mono<Rendering> create(Session session, ServerWebExchange exchange) {
        ZoneId zone = zone(exchange);
        return exchange.getFormData().map(JobForm::from).flatMap(form -> {
            JobRequests.Parsed parsed = JobRequests.job(form, zone);
            if (!parsed.ok()) {
                return refused(exchange, session, null, null, form, parsed.errors());
            }
            String key = form.value("idempotencyKey");
            Map<String, String> headers = key.isBlank() ? Map.of() : Map.of("Idempotency-Key", key);
            return backend.send(session.token(), HttpMethod.POST, uri -> uri.path("/api/v1/jobs").build(),
                            parsed.body(), headers, Job.class)
                    .map(job -> pages.redirect(exchange, jobPath(job.id()), Flash.success("Job created.")))
                    .onErrorResume(BackendProblem.class, problem -> refused(exchange, session, null, null, form,
                            problem));
        });
    }

    @GetMapping("/jobs/{id}/edit")
    public Mono<Rendering> edit(@PathVariable String id, Session session, ServerWebExchange exchange) {
        ZoneId zone = zone(exchange);
        return job(session, id).flatMap(job -> show(exchange, session, job.id(), job.name(), JobForm.of(job, zone),
                Map.of(), null, HttpStatus.OK));
    }

    @PostMapping("/jobs/{id}")
    public Mono<Rendering> update(@PathVariable String id, Session session, ServerWebExchange exchange) {
        ZoneId zone = zone(exchange);
        return exchange.getFormData().map(JobForm::from).flatMap(form -> job(session, id).flatMap(current -> {
            JobRequests.Parsed parsed = JobRequests.job(form, zone);
            if (!parsed.ok()) {
                return refused(exchange, session, current.id(), current.name(), form, parsed.errors());
            }
            // Only what the person changed on the form they were shown: untouched fields (and the schedule, which
            // would re-plan the job) stay as they are.
            Map<String, Object> before = JobRequests.job(JobForm.of(current, zone), zone).body();
            Map<String, Object> patch = MergePatch.between(before, parsed.body());
            String version = form.value("version").strip();
            Map<String, String> headers = version.isEmpty() ? Map.of() : Map.of("If-Match", "\"" + version + "\"");
            return backend.send(session.token(), HttpMethod.PATCH,
                            uri -> uri.path("/api/v1/jobs/{id}").build(current.id()), patch, headers, Job.class)
                    .map(saved -> pages.redirect(exchange, jobPath(saved.id()), Flash.success("Job saved.")))
                    .onErrorResume(BackendProblem.class, problem -> refused(exchange, session, current.id(),
                            current.name(), form, problem));
        }));
    }

    @PostMapping("/jobs/preview")
    public Mono<Rendering> preview(Session session, ServerWebExchange exchange) {
        ZoneId zone = zone(exchange);
        return exchange.getFormData()
                .flatMap(form -> previews.of(session, JobForm.from(form).only(JobForm.SCHEDULE_FIELDS), zone))
                .map(preview -> Rendering.view("jobs/preview")
                        .modelAttribute("chrome", new Chrome("Preview", Nav.JOBS, null,
                                exchange.getAttributeOrDefault(CsrfFilter.ATTRIBUTE, ""), pages.times(exchange), null))
                        .modelAttribute("page", preview)
                        .build());
    }

    private Mono<Job> job(Session session, String id) {
        return backend.get(session.token(), uri -> uri.path("/api/v1/jobs/{id}").build(id), Job.class);
    }

    private Mono<Rendering> refused(ServerWebExchange exchange, Session session, String jobId, String jobName,
                                    JobForm form, Map<String, String> errors) {
        return show(exchange, session, jobId, jobName, form, errors,
                "The job was not saved: check the " + (errors.size() == 1 ? "field" : "fields") + " marked below.",
                HttpStatus.UNPROCESSABLE_CONTENT);
    }

    /** A refusal to show on the form; a missing job or a role that may not write becomes the error page instead. */
    private Mono<Rendering> refused(ServerWebExchange exchange, Session session, String jobId, String jobName,
                                    JobForm form, BackendProblem problem) {
        if (problem.isNotFound() || "forbidden".equals(problem.code())) {
            return Mono.error(problem);
        }
        FormProblems.Placed placed = FormProblems.place(problem, form.value("scheduleType"));
        HttpStatus status = problem.status() >= 400 && problem.status() < 500
                ? HttpStatus.valueOf(problem.status()) : HttpStatus.UNPROCESSABLE_CONTENT;
        return show(exchange, session, jobId, jobName, form, placed.fields(), placed.message(), status);
    }

    private Mono<Rendering> show(ServerWebExchange exchange, Session session, String jobId, String jobName,
                                 JobForm form, Map<String, String> errors, String message, HttpStatus status) {
        ZoneId zone = zone(exchange);
        Mono<JobFormPage> page = previews.of(session, form, zone).map(preview -> new JobFormPage(jobId, jobName, form,
                errors, message, preview, ScheduleWords.zoneName(zone)));
        return pages.render(exchange, session, Nav.JOBS, "jobs/form", page, JobFormPage::title, status);
    }

    private ZoneId zone(ServerWebExchange exchange) {
        return pages.times(exchange).zone();
    }

    static String jobPath(String id) {
        return "/jobs/" + UriUtils.encodePathSegment(id, java.nio.charset.StandardCharsets.UTF_8);
    }
}
