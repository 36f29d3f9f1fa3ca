package io.chronohook.dashboard.deadletters;

import static io.chronohook.dashboard.deadletters.DeadLetterLinks.blankToNull;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.ReplayProgress;
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
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Bulk replay: {@code POST /dead-letters/replay} replays every dead run of a job and/or that died in a time range (in
 * the display zone), then {@code /dead-letters/replays/{id}} follows its progress.
 */
@Controller
public class BulkReplayController {

    private final BackendClient backend;
    private final Pages pages;
    private final DeadLetterList list;

    public BulkReplayController(BackendClient backend, Pages pages, DeadLetterList list) {
        this.backend = backend;
        this.pages = pages;
        this.list = list;
    }

    @PostMapping("/dead-letters/replay")
    public Mono<Rendering> replay(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String jobId = blankToNull(form.getFirst("jobId"));
            boolean range = "range".equals(form.getFirst("scope"));
            String from = value(form, "from");
            String to = value(form, "to");
            ZoneId zone = pages.times(exchange).zone();
            Map<String, String> errors = new LinkedHashMap<>();
            Map<String, Object> body = new LinkedHashMap<>();
            if (jobId != null) {
                body.put("jobId", jobId);
            }
            if (range) {
                putInstant(body, errors, "from", from, zone);
                putInstant(body, errors, "to", to, zone);
                if (errors.isEmpty() && from.isEmpty() && to.isEmpty()) {
                    errors.put("from", "give a start, an end, or both");
                }
            } else if (jobId == null) {
                errors.put("jobId", "filter the list by a job first");
            }
            String scope = range ? "range" : "job";
            if (!errors.isEmpty()) {
                return refused(exchange, session, jobId, new ReplayForm(scope, from, to, errors, null));
            }
            return backend.send(session.token(), HttpMethod.POST,
                            uri -> uri.path("/api/v1/dead-letters/replay").build(), body, ReplayProgress.class)
                    .map(started -> pages.redirect(exchange, DeadLetterLinks.replay(started.id()), started(started)))
                    .onErrorResume(BackendProblem.class, problem -> problem.status() == 400
                            || problem.status() == 422
                            ? refused(exchange, session, jobId, new ReplayForm(scope, from, to,
                                    fieldErrors(problem), problem.errors().isEmpty() ? problem.detail() : null))
                            : Mono.error(problem));
        });
    }

    @GetMapping("/dead-letters/replays/{id}")
    public Mono<Rendering> progress(@PathVariable String id, Session session, ServerWebExchange exchange) {
        Mono<ReplayPage> page = backend.get(session.token(),
                        uri -> uri.path("/api/v1/dead-letters/replays/{id}").build(id), ReplayProgress.class)
                .map(ReplayPage::new);
        return pages.render(exchange, session, Nav.DEAD_LETTERS, "deadletters/replay", page,
                shown -> "Bulk replay · Chronohook", HttpStatus.OK);
    }

    private Mono<Rendering> refused(ServerWebExchange exchange, Session session, String jobId, ReplayForm form) {
        return list.render(exchange, session, jobId, null, form, HttpStatus.UNPROCESSABLE_CONTENT);
    }

    private static Flash started(ReplayProgress progress) {
        if (progress.total() == 0) {
            return new Flash(Flash.Kind.INFO, "No dead run matched; there was nothing to replay.");
        }
        return Flash.success("Replaying " + progress.total() + (progress.total() == 1 ? " dead run" : " dead runs")
                + ": each goes back in the queue with its run id.");
    }

    /** A {@code datetime-local} value read in the display zone, as the ISO instant the API takes. */
    private static void putInstant(Map<String, Object> body, Map<String, String> errors, String field, String text,
                                   ZoneId zone) {
        if (text.isEmpty()) {
            return;
        }
        try {
            Instant at = LocalDateTime.parse(text).atZone(zone).toInstant();
            body.put(field, at.toString());
        } catch (DateTimeException unreadable) {
            errors.put(field, "is not a date and time such as 2026-11-23T08:30");
        }
    }

    private static Map<String, String> fieldErrors(BackendProblem problem) {
        Map<String, String> errors = new LinkedHashMap<>();
        problem.errors().forEach(error -> errors.putIfAbsent(error.field(), error.message()));
        return errors;
    }

    private static String value(MultiValueMap<String, String> form, String field) {
        String value = form.getFirst(field);
        return value == null ? "" : value.strip();
    }
}
