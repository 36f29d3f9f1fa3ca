package io.chronohook.job;

import io.chronohook.job.timing.FireTimes;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@Tag(name = ApiTags.SCHEDULES)
public class SchedulePreviewController {

    static final int MAX_COUNT = 100;

    private final JobValidator validator;
    private final Clock clock;

    public SchedulePreviewController(JobValidator validator, Clock clock) {
        this.validator = validator;
        this.clock = clock;
    }

    /** What to preview: a schedule, how many fire times (default 5, at most 100), after when (default now). */
    @Schema(description = "A schedule to preview, how many of its fire times, and after when.")
    public record PreviewRequest(
            @Schema(description = "The schedule, as a job would have it.", requiredMode = Schema.RequiredMode.REQUIRED)
            JobRequest.ScheduleSpec schedule,
            @Schema(description = "How many fire times: 1–100; default 5.", example = "5")
            Integer count,
            @Schema(description = "The ISO-8601 instant the fire times come strictly after; default now.",
                    example = "2026-03-01T09:00:00Z")
            String after) {
    }

    /** The fire times. */
    @Schema(description = "The schedule's next fire times.")
    public record PreviewResponse(
            @Schema(description = "The fire times, earliest first; fewer than `count` when the schedule ends sooner "
                    + "(a one-shot schedule has at most one).",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            List<FireTime> fireTimes) {
    }

    /** One fire time, in UTC and in the schedule's zone (ISO-8601 with offset). */
    @Schema(description = "One fire time, in UTC and in the schedule's time zone.")
    public record FireTime(
            @Schema(description = "The fire time in UTC.", example = "2026-03-02T08:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant utc,
            @Schema(description = "The same instant in the schedule's time zone (UTC for schedules without one), "
                    + "ISO-8601 with its offset.", example = "2026-03-02T09:00+01:00",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String local) {
    }

    @PostMapping("/api/v1/schedules/preview")
    @Operation(operationId = "previewSchedule", summary = "Preview a schedule",
            description = "The next `count` fire times of a schedule strictly after `after`, without making a job: "
                    + "the schedule is validated as a job's would be. `spread` is not applied. Needs `jobs:read` or "
                    + "`jobs:write`.")
    @ApiResponse(responseCode = "200", description = "The fire times, earliest first.")
    @ApiResponse(responseCode = "400", description = "`count` or `after` is invalid, or the schedule is; `errors` "
            + "names each field. The code is `invalid_request`, or `invalid_cron` or `unknown_time_zone`.")
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
