package io.chronohook.observability;

import io.chronohook.schedule.ClaimedRun;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * Opens the trace of a claimed run. The gate and the claim work in batches, so their spans are written per run
 * afterwards from the batch's timestamps (released, taken, claim start and end); the HTTP attempt and the outcome
 * recording are spans of their own as they happen ({@link RunTrace}).
 */
@Component
public class RunTracing {

    private final Tracer tracer;

    public RunTracing(Tracer tracer) {
        this.tracer = tracer;
    }

    /**
     * The trace of one claimed run, its gate-release and batch-claim spans already ended (when it is recorded: spans of
     * a trace not sampled, or sent nowhere, are neither given attributes nor made beyond those whose ids are used).
     */
    public RunTrace begin(ClaimedRun run, Instant takenAt, Instant claimStartedAt, Instant claimedAt, int batchSize) {
        Instant releasedAt = run.releasedAt() == null ? takenAt : run.releasedAt();
        Span root = tracer.spanBuilder(SpanNames.RUN)
                .setNoParent()
                .setStartTimestamp(releasedAt)
                .startSpan();
        Context context = Context.root().with(root);
        if (!root.isRecording()) {
            // Not sampled, or sent nowhere: the trace's ids are all that is used.
            return new RunTrace(tracer, root, context);
        }
        root.setAttribute(SpanNames.TENANT_ID, run.tenantId().toString())
                .setAttribute(SpanNames.RUN_ID, run.id().toString())
                .setAttribute(SpanNames.JOB_ID, run.jobId().toString())
                .setAttribute(SpanNames.ATTEMPT, (long) run.attempt())
                .setAttribute(SpanNames.SCHEDULED_FOR, run.scheduledFor().toString());
        tracer.spanBuilder(SpanNames.GATE_RELEASE)
                .setParent(context)
                .setStartTimestamp(releasedAt)
                .setAttribute(SpanNames.SCHEDULED_FOR, run.scheduledFor().toString())
                .startSpan()
                .end(notBefore(takenAt, releasedAt));
        tracer.spanBuilder(SpanNames.BATCH_CLAIM)
                .setParent(context)
                .setStartTimestamp(claimStartedAt)
                .setAttribute(SpanNames.BATCH_SIZE, (long) batchSize)
                .startSpan()
                .end(notBefore(claimedAt, claimStartedAt));
        return new RunTrace(tracer, root, context);
    }

    /** Clocks of two instances may disagree by a little; a span never ends before it starts. */
    static Instant notBefore(Instant end, Instant start) {
        return end.isBefore(start) ? start : end;
    }
}
