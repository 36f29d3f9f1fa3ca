package io.chronohook.activity;

import io.chronohook.access.Caller;
import io.chronohook.job.JobId;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/jobs/activity}: for each of up to 200 jobs, how many runs ended succeeded and dead in each of
 * the last hours (the current hour last), for the dashboard's job list. Ids the tenant does not own are left out.
 */
@RestController
@Tag(name = ApiTags.JOBS)
public class ActivityController {

    static final int MAX_JOBS = 200;
    static final int MAX_HOURS = 168;
    static final int DEFAULT_HOURS = 24;

    private final ActivityStore store;
    private final Clock clock;

    public ActivityController(ActivityStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** One hour: runs that ended succeeded, and runs that ended dead, in it. */
    @Schema(description = "One whole UTC hour of a job: how many of its runs ended `succeeded` and `dead` in it.")
    public record Bucket(
            @Schema(description = "The hour's start.", example = "2026-03-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant start,
            @Schema(description = "Runs that ended `succeeded` in the hour (by `finishedAt`).", example = "3",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long succeeded,
            @Schema(description = "Runs that ended `dead` in the hour.", example = "1",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long failed) {
    }

    /** One job's hours, oldest first, their totals and the share that succeeded (null when none ended). */
    @Schema(description = "One job's activity: its runs that ended in each hour of the window, and the totals.")
    public record JobActivity(
            @Schema(description = "The job's id.", example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String jobId,
            @Schema(description = "Exactly `hours` whole UTC hours, oldest first, the last one the current (partial) "
                    + "hour; zeros where nothing ended.", requiredMode = Schema.RequiredMode.REQUIRED)
            List<Bucket> buckets,
            @Schema(description = "Runs that ended `succeeded` over the window.", example = "3",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long succeeded,
            @Schema(description = "Runs that ended `dead` over the window.", example = "1",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            long failed,
            @Schema(description = "`succeeded / (succeeded + failed)` over the window; null when no run ended.",
                    example = "0.75")
            Double successRate) {
    }

    @GetMapping("/api/v1/jobs/activity")
    @Operation(operationId = "getJobActivity", summary = "Get the hourly activity of jobs",
            description = "For each job asked for, how many of its runs ended `succeeded` and `dead` in each of the "
                    + "last `hours` whole UTC hours (the current one last), counted by how each run ended last. Items "
                    + "come in the order of the ids; ids of another tenant, of deleted jobs and unknown ids are left "
                    + "out. One page: `nextCursor` is always null. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The activity of each job asked for that the tenant has, in the "
            + "order asked.")
    public Mono<Page<JobActivity>> activity(@AuthenticationPrincipal Caller caller,
                                            @Parameter(description = "1–200 job ids (`job_…`): the parameter "
                                                    + "repeated, or comma-separated, or both; required.",
                                                    example = "[\"job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b\"]")
                                            @RequestParam(name = "jobId", required = false) List<String> jobId,
                                            @Parameter(description = "How many hours back: a whole number, 1–168; "
                                                    + "default 24.", example = "\"24\"")
                                            @RequestParam(required = false) String hours) {
        Validation v = new Validation();
        List<JobId> ids = jobIds(jobId, v);
        int span = hours(hours, v);
        v.check();
        Instant to = clock.instant().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1));
        Instant from = to.minus(Duration.ofHours(span));
        return store.hourly(caller.tenantId(), ids, from, to).collectList()
                .map(rows -> new Page<>(items(ids, rows, from, span), null));
    }

    private static List<JobActivity> items(List<JobId> ids, List<ActivityStore.HourCount> rows, Instant from,
                                           int span) {
        Map<JobId, long[][]> counts = new HashMap<>();
        for (ActivityStore.HourCount row : rows) {
            long[][] job = counts.computeIfAbsent(row.jobId(), id -> new long[span][2]);
            if (row.hour() != null) {
                int index = (int) Duration.between(from, row.hour()).toHours();
                job[index][0] = row.succeeded();
                job[index][1] = row.dead();
            }
        }
        List<JobActivity> items = new ArrayList<>();
        for (JobId id : ids) {
            long[][] job = counts.get(id);
            if (job == null) {
                continue;
            }
            List<Bucket> buckets = new ArrayList<>(span);
            long succeeded = 0;
            long failed = 0;
            for (int i = 0; i < span; i++) {
                buckets.add(new Bucket(from.plus(Duration.ofHours(i)), job[i][0], job[i][1]));
                succeeded += job[i][0];
                failed += job[i][1];
            }
            Double rate = succeeded + failed == 0 ? null : (double) succeeded / (succeeded + failed);
            items.add(new JobActivity(id.toString(), buckets, succeeded, failed, rate));
        }
        return items;
    }

    /** Repeated {@code jobId} parameters, each possibly a comma-separated list; duplicates count once. */
    private static List<JobId> jobIds(List<String> values, Validation v) {
        Set<JobId> ids = new LinkedHashSet<>();
        String malformed = null;
        for (String value : values == null ? List.<String>of() : values) {
            for (String text : value.split(",")) {
                String id = text.strip();
                Optional<JobId> parsed = JobId.parse(id);
                if (parsed.isPresent()) {
                    ids.add(parsed.get());
                } else if (!id.isEmpty() && malformed == null) {
                    malformed = id;
                }
            }
        }
        if (malformed != null) {
            v.require(false, "jobId", "'" + malformed + "' is not a job id (job_ and 32 hex digits)");
        } else {
            v.require(!ids.isEmpty(), "jobId", "is required: one or more job ids");
            v.require(ids.size() <= MAX_JOBS, "jobId", "takes at most " + MAX_JOBS + " job ids");
        }
        return List.copyOf(ids);
    }

    private static int hours(String text, Validation v) {
        if (text == null) {
            return DEFAULT_HOURS;
        }
        Integer hours = null;
        try {
            hours = Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            // not a number: reported below
        }
        v.require(hours != null && hours >= 1 && hours <= MAX_HOURS, "hours",
                "must be a whole number from 1 to " + MAX_HOURS);
        return v.failed("hours") ? DEFAULT_HOURS : hours;
    }
}
