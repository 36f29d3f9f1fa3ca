package io.chronohook.dashboard.jobs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.chronohook.dashboard.DashboardProperties;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Job;
import io.chronohook.dashboard.backend.JobActivity;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.page.Times;
import io.chronohook.dashboard.session.Session;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /jobs}: a page of jobs filtered by state and label, with each job's last 24 hours from one activity call
 * for the whole page; a backend without that call still gets the list, without sparklines.
 */
@Controller
public class JobsController {

    static final int PAGE_SIZE = 25;

    private final BackendClient backend;
    private final Pages pages;
    private final String backendUrl;

    public JobsController(BackendClient backend, Pages pages, DashboardProperties properties) {
        this.backend = backend;
        this.pages = pages;
        this.backendUrl = properties.backendUrl().toString();
    }

    @GetMapping("/jobs")
    public Mono<Rendering> list(@RequestParam(required = false) String state,
                                @RequestParam(required = false) String label,
                                @RequestParam(required = false) String name,
                                @RequestParam(required = false) String cursor,
                                Session session, ServerWebExchange exchange) {
        String stateFilter = state != null && JobsPage.STATES.contains(state) ? state : "";
        String labelFilter = label == null ? "" : label.strip();
        boolean labelOk = labelFilter.isEmpty() || labelFilter.indexOf(':') > 0;
        String labelError = labelOk ? null : "Write the label as key:value, e.g. team:billing.";
        String nameFilter = name == null ? "" : name.strip();
        if (nameFilter.length() > JobsPage.NAME_MAX) {
            nameFilter = nameFilter.substring(0, JobsPage.NAME_MAX);
        }
        String page = cursor == null || cursor.isBlank() ? null : cursor;
        Times times = pages.times(exchange);
        Map<String, String> query = new LinkedHashMap<>();
        if (!stateFilter.isEmpty()) {
            query.put("state", stateFilter);
        }
        if (labelOk && !labelFilter.isEmpty()) {
            query.put("label", labelFilter);
        }
        if (!nameFilter.isEmpty()) {
            query.put("name", nameFilter);
        }
        if (page != null) {
            query.put("cursor", page);
        }
        String nameShown = nameFilter;
        Mono<JobsPage> jobs = backend.list(session.token(), uri -> {
                    uri.path("/api/v1/jobs").queryParam("limit", PAGE_SIZE);
                    // As template variables, so every value is encoded strictly ('+', '&' and '{' included).
                    query.keySet().forEach(key -> uri.queryParam(key, "{" + key + "}"));
                    return uri.build(query);
                }, Job.class)
                .flatMap(listing -> activity(session, listing).map(activity -> {
                    List<JobRow> rows = listing.items().stream()
                            .map(job -> JobRow.of(job, activity.map(a -> a.get(job.id())).orElse(null), times))
                            .toList();
                    return new JobsPage(rows, stateFilter, labelFilter, labelError, nameShown,
                            listing.nextCursor() == null ? null : Links.to("/jobs", "state", stateFilter,
                                    "label", labelFilter, "name", nameShown, "cursor", listing.nextCursor()),
                            Links.to("/jobs", "state", stateFilter, "label", labelFilter, "name", nameShown),
                            page == null, activity.isPresent(), curl(times));
                }));
        return pages.render(exchange, session, Nav.JOBS, "jobs/list", "Jobs · Chronohook", jobs);
    }

    /**
     * The activity of the page's jobs by id, from one call; empty when the backend does not offer it (or refuses), so
     * the list is still shown.
     */
    private Mono<Optional<Map<String, JobActivity>>> activity(Session session, Listing<Job> listing) {
        if (listing.isEmpty()) {
            return Mono.just(Optional.of(Map.of()));
        }
        Object[] ids = listing.items().stream().map(Job::id).toArray();
        return backend.list(session.token(), uri -> uri.path("/api/v1/jobs/activity")
                        .queryParam("jobId", ids).queryParam("hours", 24).build(), JobActivity.class)
                .map(activity -> Optional.of(activity.items().stream()
                        .collect(Collectors.toMap(JobActivity::jobId, Function.identity(), (a, b) -> a))))
                .onErrorResume(BackendProblem.class, unavailable -> Mono.just(Optional.empty()));
    }

    /** A ready command that creates a first job through the API, in the visitor's zone. */
    private String curl(Times times) {
        return "curl -s -X POST " + backendUrl + "/api/v1/jobs \\\n"
                + "  -H 'Authorization: Bearer chk_…' \\\n"
                + "  -H 'content-type: application/json' \\\n"
                + "  -d '{\"name\":\"nightly-report\",\"schedule\":{\"type\":\"cron\",\"cron\":\"0 2 * * *\","
                + "\"timeZone\":\"" + ScheduleWords.zoneName(times.zone()) + "\"},\"target\":{\"url\":\"https://example.com/hooks/report\"}}'";
    }
}
