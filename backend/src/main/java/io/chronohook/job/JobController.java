package io.chronohook.job;

import io.chronohook.access.Caller;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.FieldError;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.ProblemExceptionHandler;
import io.chronohook.platform.StrictRequestJson;
import io.chronohook.schedule.RunView;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** {@code /api/v1/jobs}: create, read, list, update (merge patch with If-Match), pause, resume, delete, trigger. */
@RestController
@Tag(name = ApiTags.JOBS)
public class JobController {

    /** How many times a patch without If-Match is merged into the job before a change meanwhile answers 409. */
    static final int UNCONDITIONAL_PATCH_TRIES = 3;

    private final JobService service;
    private final JsonMapper json;

    public JobController(JobService service, StrictRequestJson requestJson) {
        this.service = service;
        this.json = requestJson.mapper();
    }

    @PostMapping("/api/v1/jobs")
    @Operation(operationId = "createJob", summary = "Create a job",
            description = "Creates a job from its definition; every field left out takes its default. A recurring "
                    + "schedule may not fire more often than the plan allows. With an `Idempotency-Key`, the same key "
                    + "and body answer the job made the first time (`Idempotent-Replayed: true`) for 24 hours. Needs "
                    + "`jobs:write`. Audited as `job.created`.")
    @ApiResponse(responseCode = "201", description = "The job, created (or, for a repeated `Idempotency-Key`, the job "
            + "made the first time); `ETag` is its version.")
    @ApiResponse(responseCode = "400", description = "A field is invalid; `errors` names each. The code is "
            + "`invalid_request`, or the first specific one: `invalid_cron`, `unknown_time_zone`, "
            + "`target_not_allowed`; `unknown_field` for a field the job does not have.")
    @ApiResponse(responseCode = "403", description = "The credential lacks `jobs:write` (`forbidden`), or "
            + "`quota_exceeded`: the tenant has as many jobs as its plan allows.")
    @ApiResponse(responseCode = "413", description = "`payload_too_large`: `target.body` is larger than the plan "
            + "allows.")
    @ApiResponse(responseCode = "422", description = "`idempotency_key_reused`: the `Idempotency-Key` was used with "
            + "another body. `schedule_too_frequent`: the schedule fires more often than the plan's minimum interval "
            + "(`errors` names `schedule.cron` or `schedule.every`).")
    public Mono<ResponseEntity<JobView>> create(@AuthenticationPrincipal Caller caller,
                                                @Parameter(description = "An idempotency key, 1–255 visible ASCII "
                                                        + "characters: within 24 hours the same key and body answer "
                                                        + "the same job, another body `422 idempotency_key_reused`.",
                                                        example = "4f6c1a8e-2b7d-4c3e-9f10-a1b2c3d4e5f6")
                                                @RequestHeader(name = "Idempotency-Key", required = false) String key,
                                                @RequestBody JobRequest request) {
        return service.create(caller, request, key).map(created -> ResponseEntity.status(HttpStatus.CREATED)
                .eTag(etag(created.job().version()))
                .header("Idempotent-Replayed", Boolean.toString(created.replayed()))
                .body(JobView.of(created.job(), null)));
    }

    /** Many jobs at once. */
    @Schema(description = "Many jobs to create at once.")
    public record BatchRequest(
            @Schema(description = "The jobs: 1 to 1,000.", requiredMode = Schema.RequiredMode.REQUIRED)
            List<JobRequest> jobs) {
    }

    /** Creates up to 1,000 jobs in one call, all or none; invalid fields are named {@code jobs[i].field}. */
    @PostMapping("/api/v1/jobs/batch")
    @Operation(operationId = "createJobs", summary = "Create jobs in a batch",
            description = "Creates 1–1,000 jobs in one transaction: all of them, or none when any one is invalid "
                    + "(each invalid field is named `jobs[i].field`). Takes no `Idempotency-Key`. Needs `jobs:write`. "
                    + "Audited once, as `jobs.created`.")
    @ApiResponse(responseCode = "201", description = "The jobs created, in the order given, as one page "
            + "(`nextCursor` null).")
    @ApiResponse(responseCode = "400", description = "`jobs` is empty or holds more than 1,000 jobs, or a field is "
            + "invalid; `errors` names each as `jobs[i].field`. The code is `invalid_request`, or the first specific "
            + "one: `invalid_cron`, `unknown_time_zone`, `target_not_allowed`.")
    @ApiResponse(responseCode = "403", description = "The credential lacks `jobs:write` (`forbidden`), or "
            + "`quota_exceeded`: the jobs would pass the number the tenant's plan allows.")
    @ApiResponse(responseCode = "413", description = "`payload_too_large`: a job's `target.body` is larger than the "
            + "plan allows.")
    @ApiResponse(responseCode = "422", description = "`schedule_too_frequent`: a job's schedule fires more often than "
            + "the plan's minimum interval.")
    public Mono<ResponseEntity<Page<JobView>>> createAll(@AuthenticationPrincipal Caller caller,
                                                        @RequestBody BatchRequest request) {
        return service.createAll(caller, request.jobs()).map(jobs -> ResponseEntity.status(HttpStatus.CREATED)
                .body(new Page<>(jobs.stream().map(job -> JobView.of(job, null)).toList(), null)));
    }

    @GetMapping("/api/v1/jobs/{id}")
    @Operation(operationId = "getJob", summary = "Get a job",
            description = "The job with its newest run as `lastRun`. Its `ETag` is its version, for `If-Match` on an "
                    + "update. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The job, with `lastRun` once it has a run; `ETag` is its "
            + "version.")
    public Mono<ResponseEntity<JobView>> get(@AuthenticationPrincipal Caller caller,
                                             @Parameter(description = "The job's id (`job_…`).",
                                                     example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                             @PathVariable String id) {
        return service.view(caller.tenantId(), jobId(id))
                .map(view -> ResponseEntity.ok().eTag(etag(view.version())).body(view));
    }

    @GetMapping("/api/v1/jobs")
    @Operation(operationId = "listJobs", summary = "List jobs",
            description = "The tenant's jobs, newest first, in pages: pass the answer's `nextCursor` as `cursor` for "
                    + "the next page (null on the last one); `limit` is 1–200, default 50. `state`, `label` and "
                    + "`name` narrow the list; deleted jobs are never listed. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "A page of the tenant's jobs, newest first (without `lastRun`).")
    public Mono<Page<JobView>> list(@AuthenticationPrincipal Caller caller,
                                    @Parameter(description = "Only jobs in this state.", example = "active",
                                            schema = @Schema(allowableValues = {"active", "paused", "completed"}))
                                    @RequestParam(required = false) String state,
                                    @Parameter(description = "Only jobs with this label, as `key:value`.",
                                            example = "team:billing")
                                    @RequestParam(required = false) String label,
                                    @Parameter(description = "Only jobs whose name contains this text, whatever the "
                                            + "case (`%` and `_` match only themselves): 1–200 characters.",
                                            example = "report")
                                    @RequestParam(required = false) String name,
                                    @Parameter(description = "How many jobs a page holds: 1–200; default 50.",
                                            example = "50")
                                    @RequestParam(required = false) Integer limit,
                                    @Parameter(description = "The `nextCursor` of the previous page; left out for the "
                                            + "first page.",
                                            example = "MDE5NWE2YjItYzNkNC03ZTVmLThhOWItMGMxZDJlM2Y0YTVi")
                                    @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        JobStore.ListFilter filter = new JobStore.ListFilter(state(state), label(label), nameContains(name));
        return service.list(caller.tenantId(), filter, page).map(result -> new Page<>(
                result.items().stream().map(job -> JobView.of(job, null)).toList(), result.nextCursor()));
    }

    @PatchMapping("/api/v1/jobs/{id}")
    @Operation(operationId = "updateJob", summary = "Update a job",
            description = "Applies a JSON merge patch (RFC 7396) to the job's definition: a member replaces, `null` "
                    + "removes (back to the default), an object merges member by member; the result is validated as "
                    + "a whole, like a new job. With `If-Match` the update applies only to that version. A new "
                    + "schedule cancels the runs planned for the old one. Needs `jobs:write`. Audited as "
                    + "`job.updated`.")
    @ApiResponse(responseCode = "200", description = "The job as updated; `ETag` is its new version.")
    @ApiResponse(responseCode = "400", description = "The body is not a JSON object, `If-Match` is not an ETag, or a "
            + "field of the patched job is invalid (`errors` names each; `invalid_cron`, `unknown_time_zone`, "
            + "`target_not_allowed`, or `unknown_field` for a field a job's definition does not have).")
    @ApiResponse(responseCode = "409", description = "`version_conflict`: without `If-Match` the patch is merged into "
            + "the job as it is, again if the job changed between the read and the write; the job kept changing "
            + "through 3 such tries. Read it and try again.")
    @ApiResponse(responseCode = "412", description = "`version_conflict`: `If-Match` is not the job's version; the "
            + "`detail` names the current one.")
    @ApiResponse(responseCode = "413", description = "`payload_too_large`: `target.body` is larger than the plan "
            + "allows.")
    @ApiResponse(responseCode = "422", description = "`schedule_too_frequent`: the schedule fires more often than the "
            + "plan's minimum interval.")
    public Mono<ResponseEntity<JobView>> update(@AuthenticationPrincipal Caller caller,
                                                @Parameter(description = "The job's id (`job_…`).",
                                                        example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                                @PathVariable String id,
                                                @Parameter(description = "The job's `ETag` (its version): the update "
                                                        + "applies only if the job is still at it. Optional.",
                                                        example = "\"\\\"3\\\"\"")
                                                @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                                @io.swagger.v3.oas.annotations.parameters.RequestBody(
                                                        description = "A JSON merge patch of the job: an object with "
                                                                + "the fields of a job to create (`JobRequest`) to "
                                                                + "change, `null` for those to remove.",
                                                        required = true)
                                                @RequestBody JsonNode patch) {
        JobId jobId = jobId(id);
        Integer version = version(ifMatch);
        if (!patch.isObject()) {
            throw ApiException.invalid("body", "must be a JSON object (a merge patch of the job)");
        }
        Mono<Job> update = Mono.defer(() -> service.view(caller.tenantId(), jobId).flatMap(current -> {
            JobRequest patched = merge(current, (ObjectNode) patch);
            return service.update(caller, jobId, version, patched, current);
        }));
        // Without If-Match the patch applies to the job as it is: when the job changed between the read and the
        // write (its last run completing it, a plan change pausing it), the patch is merged into it again.
        if (version == null) {
            update = update.retryWhen(Retry.max(UNCONDITIONAL_PATCH_TRIES - 1).filter(JobController::changedMeanwhile)
                    .onRetryExhaustedThrow((spec, signal) -> signal.failure()));
        }
        return update.map(job -> ResponseEntity.ok().eTag(etag(job.version())).body(JobView.of(job, null)));
    }

    @PostMapping("/api/v1/jobs/{id}/pause")
    @Operation(operationId = "pauseJob", summary = "Pause a job",
            description = "Stops planning the job's runs: its runs not yet delivering are cancelled (occurrences "
                    + "planned ahead and not yet due are taken back, and do not appear as runs). Pausing a paused job "
                    + "changes nothing. Needs `jobs:write`. Audited as `job.paused`.")
    @ApiResponse(responseCode = "200", description = "The job, `paused`; `ETag` is its version.")
    @ApiResponse(responseCode = "409", description = "`invalid_state`: the job is `completed`. `version_conflict`: "
            + "the job was changed meanwhile; try again.")
    public Mono<ResponseEntity<JobView>> pause(@AuthenticationPrincipal Caller caller,
                                               @Parameter(description = "The job's id (`job_…`).",
                                                       example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                               @PathVariable String id) {
        return service.pause(caller, jobId(id)).map(JobController::ok);
    }

    @PostMapping("/api/v1/jobs/{id}/resume")
    @Operation(operationId = "resumeJob", summary = "Resume a job",
            description = "Plans the job again from the first occurrence not yet fired; the occurrences that passed "
                    + "while it was paused are handled by its `missedRunPolicy`. Resuming an active job changes "
                    + "nothing. Needs `jobs:write`. Audited as `job.resumed`.")
    @ApiResponse(responseCode = "200", description = "The job, `active`; `ETag` is its version.")
    @ApiResponse(responseCode = "409", description = "`invalid_state`: the job is `completed`. `version_conflict`: "
            + "the job was changed meanwhile; try again.")
    public Mono<ResponseEntity<JobView>> resume(@AuthenticationPrincipal Caller caller,
                                                @Parameter(description = "The job's id (`job_…`).",
                                                        example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                                @PathVariable String id) {
        return service.resume(caller, jobId(id)).map(JobController::ok);
    }

    @DeleteMapping("/api/v1/jobs/{id}")
    @Operation(operationId = "deleteJob", summary = "Delete a job",
            description = "Deletes the job: nothing more is planned, and its runs not yet delivering are cancelled; "
                    + "from then on the job answers `404`. Needs `jobs:write`. Audited as `job.deleted`.")
    @ApiResponse(responseCode = "204", description = "The job is deleted.")
    @ApiResponse(responseCode = "409", description = "`version_conflict`: the job was changed meanwhile; try again.")
    public Mono<ResponseEntity<Void>> delete(@AuthenticationPrincipal Caller caller,
                                             @Parameter(description = "The job's id (`job_…`).",
                                                     example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                             @PathVariable String id) {
        return service.delete(caller, jobId(id)).thenReturn(ResponseEntity.noContent().build());
    }

    @PostMapping("/api/v1/jobs/{id}/trigger")
    @Operation(operationId = "triggerJob", summary = "Trigger a job",
            description = "Makes a run due now, outside the schedule (`trigger: manual`); the schedule is not "
                    + "changed. With an `Idempotency-Key`, the same key answers the same run for 24 hours. Needs "
                    + "`jobs:write`. Audited as `job.triggered`.")
    @ApiResponse(responseCode = "202", description = "The new run, due now (or, for a repeated `Idempotency-Key`, the "
            + "run made the first time).")
    public Mono<ResponseEntity<RunView>> trigger(@AuthenticationPrincipal Caller caller,
                                                 @Parameter(description = "The job's id (`job_…`).",
                                                         example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
                                                 @PathVariable String id,
                                                 @Parameter(description = "An idempotency key, 1–255 visible ASCII "
                                                         + "characters: within 24 hours the same key answers the same "
                                                         + "run.", example = "4f6c1a8e-2b7d-4c3e-9f10-a1b2c3d4e5f6")
                                                 @RequestHeader(name = "Idempotency-Key", required = false) String key) {
        return service.trigger(caller, jobId(id), key)
                .map(run -> ResponseEntity.status(HttpStatus.ACCEPTED).body(RunView.of(run, null)));
    }

    private JobRequest merge(JobView current, ObjectNode patch) {
        ObjectNode target = json.valueToTree(current.asRequest());
        mergeInto(target, patch);
        try {
            return json.treeToValue(target, JobRequest.class);
        } catch (UnrecognizedPropertyException unknown) {
            throw ApiException.invalid(List.of(ProblemExceptionHandler.unknownField(unknown)));
        } catch (JacksonException e) {
            String field = StrictRequestJson.fieldPath(e);
            throw ApiException.invalid(List.of(new FieldError(field.isEmpty() ? "body" : field, "has the wrong type")));
        }
    }

    /** RFC 7396: objects merge member by member, null removes, anything else replaces. */
    static void mergeInto(ObjectNode target, ObjectNode patch) {
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            JsonNode value = entry.getValue();
            JsonNode existing = target.get(entry.getKey());
            if (value.isNull()) {
                target.remove(entry.getKey());
            } else if (value.isObject() && existing != null && existing.isObject()) {
                mergeInto((ObjectNode) existing, (ObjectNode) value);
            } else {
                target.set(entry.getKey(), value);
            }
        }
    }

    static JobId jobId(String id) {
        return JobId.parse(id).orElseThrow(() -> ApiException.notFound("job " + id));
    }

    private static Integer version(String ifMatch) {
        if (ifMatch == null) {
            return null;
        }
        String text = ifMatch.strip();
        if (text.startsWith("W/")) {
            text = text.substring(2);
        }
        text = text.replace("\"", "");
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("If-Match", "must be the job's ETag, such as \"3\"");
        }
    }

    private static JobState state(String state) {
        if (state == null) {
            return null;
        }
        try {
            JobState parsed = JobState.fromWire(state);
            if (parsed == JobState.DELETED) {
                throw new IllegalArgumentException();
            }
            return parsed;
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("state", "must be one of active, paused, completed");
        }
    }

    /** {@code ?name=}: part of a job name, 1 to 200 characters; matched case-insensitively, wildcards taken literally. */
    private static String nameContains(String name) {
        if (name == null) {
            return null;
        }
        if (name.isEmpty() || name.length() > 200) {
            throw ApiException.invalid("name", "must be 1 to 200 characters (part of a job name)");
        }
        return name;
    }

    private static Map<String, String> label(String label) {
        if (label == null) {
            return null;
        }
        int colon = label.indexOf(':');
        if (colon < 1) {
            throw ApiException.invalid("label", "must look like key:value");
        }
        return Map.of(label.substring(0, colon), label.substring(colon + 1));
    }

    private static String etag(int version) {
        return "\"" + version + "\"";
    }

    private static ResponseEntity<JobView> ok(Job job) {
        return ResponseEntity.ok().eTag(etag(job.version())).body(JobView.of(job, null));
    }

    private static boolean changedMeanwhile(Throwable error) {
        return error instanceof ApiException problem && problem.status() == HttpStatus.CONFLICT
                && "version_conflict".equals(problem.code());
    }
}