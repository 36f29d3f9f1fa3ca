package io.chronohook.schedule;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/** A run as the API shows it (API.md "Runs"); {@code attempts} only on a single-run read. */
public record RunView(
        String id,
        String jobId,
        String state,
        Instant scheduledFor,
        int attempt,
        Instant nextAttemptAt,
        Instant releasedAt,
        Instant firstAttemptAt,
        Instant finishedAt,
        Integer lastStatusCode,
        String lastError,
        String traceId,
        Double progress,
        String checkpoint,
        String trigger,
        @JsonInclude(JsonInclude.Include.NON_NULL) String skipReason,
        Run.Deferral deferral,
        @JsonInclude(JsonInclude.Include.NON_NULL) String jobName,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<AttemptView> attempts) {

    /** One attempt of the run. */
    public record AttemptView(int number, Instant startedAt, Instant finishedAt, Integer statusCode, Integer latencyMs,
                              String outcome, String error, String responseExcerpt, String traceId) {
    }

    /** The run with its job's name (dead letters show it). */
    public RunView withJobName(String name) {
        return new RunView(id, jobId, state, scheduledFor, attempt, nextAttemptAt, releasedAt, firstAttemptAt,
                finishedAt, lastStatusCode, lastError, traceId, progress, checkpoint, trigger, skipReason, deferral,
                name, attempts);
    }

    public static RunView of(Run run, List<Attempt> attempts) {
        Instant nextAttemptAt = switch (run.state()) {
            case SCHEDULED, QUEUED, RETRY_WAIT -> run.dueAt();
            default -> null;
        };
        return new RunView(run.id().toString(), run.jobId().toString(), run.state().wire(), run.scheduledFor(),
                run.attempt(), nextAttemptAt, run.releasedAt(), run.firstAttemptAt(), run.finishedAt(),
                run.lastStatusCode(), run.lastError(), run.traceId(), run.progress(), run.checkpoint(), run.trigger(),
                run.skipReason(), run.deferral(), null,
                attempts == null ? null : attempts.stream().map(a -> new AttemptView(a.number(), a.startedAt(),
                        a.finishedAt(), a.statusCode(), a.latencyMs(), a.outcome(), a.error(), a.responseExcerpt(),
                        a.traceId())).toList());
    }
}
