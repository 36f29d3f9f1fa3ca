package io.chronohook.dashboard.jobs;

import java.time.ZoneId;
import java.util.Map;
import java.util.stream.Collectors;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.BackendUnavailable;
import io.chronohook.dashboard.backend.FireTimes;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Asks the backend for a schedule's next five fire times ({@code POST /api/v1/schedules/preview}). */
@Component
public class JobPreviews {

    static final int COUNT = 5;

    private final BackendClient backend;

    public JobPreviews(BackendClient backend) {
        this.backend = backend;
    }

    /** The preview of the form's schedule; never fails for a refused or unreadable schedule — it says why instead. */
    public Mono<Preview> of(Session session, JobForm form, ZoneId displayZone) {
        if (!JobRequests.complete(form)) {
            return Mono.just(Preview.hint("Fill in the schedule to see when it runs next."));
        }
        JobRequests.Parsed schedule = JobRequests.schedule(form, displayZone);
        if (!schedule.ok()) {
            return Mono.just(Preview.failed(String.join(" ", schedule.errors().values())));
        }
        // A cron's times are wall-clock times of its own zone; other schedules are shown in the display zone.
        boolean cron = "cron".equals(form.value("scheduleType"));
        String zone = !cron ? ScheduleWords.zoneName(displayZone)
                : form.value("timeZone").isBlank() ? "UTC" : form.value("timeZone").strip();
        ZoneId convert = cron ? null : displayZone;
        return backend.send(session.token(), HttpMethod.POST, uri -> uri.path("/api/v1/schedules/preview").build(),
                        Map.of("schedule", schedule.body(), "count", COUNT), FireTimes.class)
                .map(times -> Preview.of(times, zone, convert))
                .onErrorResume(BackendProblem.class, problem -> Mono.just(Preview.failed(reason(problem))))
                .onErrorResume(BackendUnavailable.class,
                        down -> Mono.just(Preview.failed("The preview is not available right now.")));
    }

    private static String reason(BackendProblem problem) {
        if (problem.errors().isEmpty()) {
            return FormProblems.sentence(problem.detail());
        }
        return problem.errors().stream()
                .map(error -> FormProblems.sentence(error.message()))
                .collect(Collectors.joining(" "));
    }
}
