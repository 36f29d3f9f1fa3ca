package io.chronohook.job;

import io.chronohook.job.timing.FireTimes;
import io.chronohook.platform.Validation;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** {@code POST /api/v1/schedules/preview}: the next fire times of a schedule, in its zone and in UTC. */
@RestController
public class SchedulePreviewController {

    static final int MAX_COUNT = 100;

    private final JobValidator validator;
    private final Clock clock;

    public SchedulePreviewController(JobValidator validator, Clock clock) {
        this.validator = validator;
        this.clock = clock;
    }

    /** What to preview: a schedule, how many fire times (default 5, at most 100), after when (default now). */
    public record PreviewRequest(JobRequest.ScheduleSpec schedule, Integer count, String after) {
    }

    /** The fire times. */
    public record PreviewResponse(List<FireTime> fireTimes) {
    }

    /** One fire time, in UTC and in the schedule's zone (ISO-8601 with offset). */
    public record FireTime(Instant utc, String local) {
    }

    @PostMapping("/api/v1/schedules/preview")
    public Mono<PreviewResponse> preview(@RequestBody PreviewRequest request) {
        Validation v = new Validation();
        int count = request.count() == null ? 5 : request.count();
        v.require(count >= 1 && count <= MAX_COUNT, "count", "must be between 1 and " + MAX_COUNT);
        Instant requested = v.instant(request.after(), "after");
        Instant after = requested == null ? clock.instant() : requested;
        v.check();
        return Mono.fromCallable(() -> {
            JobDefinition.Schedule schedule = validator.validateSchedule(request.schedule());
            ZoneId zone = schedule.timeZone() == null ? ZoneOffset.UTC : schedule.timeZone();
            return new PreviewResponse(FireTimes.preview(Schedules.of(schedule), after, count).stream()
                    .map(t -> new FireTime(t, t.atZone(zone).toOffsetDateTime().toString()))
                    .toList());
        }).subscribeOn(Schedulers.boundedElastic());
    }
}
