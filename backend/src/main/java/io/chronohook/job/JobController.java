package io.chronohook.job;

import io.chronohook.access.Caller;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.FieldError;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.ProblemExceptionHandler;
import io.chronohook.platform.StrictRequestJson;
import io.chronohook.schedule.RunView;
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
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** {@code /api/v1/jobs}: create, read, list, update (merge patch with If-Match), pause, resume, delete, trigger. */
@RestController
public class JobController {

    private final JobService service;
    private final JsonMapper json;

    public JobController(JobService service, StrictRequestJson requestJson) {
        this.service = service;
        this.json = requestJson.mapper();
    }

    @PostMapping("/api/v1/jobs")
    public Mono<ResponseEntity<JobView>> create(@AuthenticationPrincipal Caller caller,
                                                @RequestHeader(name = "Idempotency-Key", required = false) String key,
                                                @RequestBody JobRequest request) {
        return service.create(caller, request, key).map(created -> ResponseEntity.status(HttpStatus.CREATED)
                .eTag(etag(created.job().version()))
                .header("Idempotent-Replayed", Boolean.toString(created.replayed()))
                .body(JobView.of(created.job(), null)));
    }

    /** Many jobs at once. */
    public record BatchRequest(List<JobRequest> jobs) {
    }

    /** Creates up to 1,000 jobs in one call, all or none; invalid fields are named {@code jobs[i].field}. */
    @PostMapping("/api/v1/jobs/batch")
    public Mono<ResponseEntity<Page<JobView>>> createAll(@AuthenticationPrincipal Caller caller,
                                                        @RequestBody BatchRequest request) {
        return service.createAll(caller, request.jobs()).map(jobs -> ResponseEntity.status(HttpStatus.CREATED)
                .body(new Page<>(jobs.stream().map(job -> JobView.of(job, null)).toList(), null)));
    }

    @GetMapping("/api/v1/jobs/{id}")
    public Mono<ResponseEntity<JobView>> get(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return service.view(caller.tenantId(), jobId(id))
                .map(view -> ResponseEntity.ok().eTag(etag(view.version())).body(view));
    }

    @GetMapping("/api/v1/jobs")
    public Mono<Page<JobView>> list(@AuthenticationPrincipal Caller caller,
                                    @RequestParam(required = false) String state,
                                    @RequestParam(required = false) String label,
                                    @RequestParam(required = false) String name,
                                    @RequestParam(required = false) Integer limit,
                                    @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        JobStore.ListFilter filter = new JobStore.ListFilter(state(state), label(label), nameContains(name));
        return service.list(caller.tenantId(), filter, page).map(result -> new Page<>(
                result.items().stream().map(job -> JobView.of(job, null)).toList(), result.nextCursor()));
    }

    @PatchMapping("/api/v1/jobs/{id}")
    public Mono<ResponseEntity<JobView>> update(@AuthenticationPrincipal Caller caller, @PathVariable String id,
                                                @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                                @RequestBody JsonNode patch) {
        JobId jobId = jobId(id);
        Integer version = version(ifMatch);
        if (!patch.isObject()) {
            throw ApiException.invalid("body", "must be a JSON object (a merge patch of the job)");
        }
        return service.view(caller.tenantId(), jobId).flatMap(current -> {
            JobRequest patched = merge(current, (ObjectNode) patch);
            return service.update(caller, jobId, version, patched, current);
        }).map(job -> ResponseEntity.ok().eTag(etag(job.version())).body(JobView.of(job, null)));
    }

    @PostMapping("/api/v1/jobs/{id}/pause")
    public Mono<ResponseEntity<JobView>> pause(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return service.pause(caller, jobId(id)).map(JobController::ok);
    }

    @PostMapping("/api/v1/jobs/{id}/resume")
    public Mono<ResponseEntity<JobView>> resume(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return service.resume(caller, jobId(id)).map(JobController::ok);
    }

    @DeleteMapping("/api/v1/jobs/{id}")
    public Mono<ResponseEntity<Void>> delete(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
        return service.delete(caller, jobId(id)).thenReturn(ResponseEntity.noContent().build());
    }

    @PostMapping("/api/v1/jobs/{id}/trigger")
    public Mono<ResponseEntity<RunView>> trigger(@AuthenticationPrincipal Caller caller, @PathVariable String id,
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
}
