package io.chronohook.observability;

import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.FinishedAttempt;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.time.Instant;

/**
 * The trace of one release of a run, carried from the claim to the recorded outcome: the HTTP attempt span (whose
 * context goes to the receiver as {@code traceparent}), then the outcome-recording span, then the root ends. Its
 * methods are called one after the other by the run's delivery, never concurrently.
 */
public final class RunTrace {

    private final Tracer tracer;
    private final Span root;
    private final Context context;
    private Span http;
    private Span recording;

    RunTrace(Tracer tracer, Span root, Context context) {
        this.tracer = tracer;
        this.root = root;
        this.context = context;
    }

    /** The trace id stored on the attempt (32 hex digits), the same as in the {@code traceparent} sent. */
    public String traceId() {
        return root.getSpanContext().getTraceId();
    }

    /** Opens the HTTP attempt span at {@code at}; returns the W3C {@code traceparent} the request carries. */
    public String sending(ClaimedRun run, Instant at) {
        http = tracer.spanBuilder(SpanNames.HTTP_ATTEMPT)
                .setParent(context)
                .setSpanKind(SpanKind.CLIENT)
                .setStartTimestamp(at)
                .startSpan();
        if (http.isRecording()) {
            http.setAttribute(SpanNames.METHOD, run.method())
                    .setAttribute(SpanNames.SERVER_ADDRESS, run.url().getHost())
                    .setAttribute(SpanNames.TENANT_ID, run.tenantId().toString())
                    .setAttribute(SpanNames.RUN_ID, run.id().toString())
                    .setAttribute(SpanNames.ATTEMPT, (long) run.attempt());
        }
        SpanContext span = http.getSpanContext();
        // Level 1 of W3C Trace Context: only the sampled flag, which every receiver's parser understands.
        return "00-" + span.getTraceId() + "-" + span.getSpanId() + (span.isSampled() ? "-01" : "-00");
    }

    /** The attempt finished (or never went out): closes the HTTP span and opens the outcome-recording span. */
    public void finished(FinishedAttempt attempt, Instant at) {
        if (!root.isRecording()) {
            return;
        }
        root.setAttribute(SpanNames.OUTCOME, attempt.outcome());
        root.setAttribute(SpanNames.NEXT_STATE, attempt.nextState().wire());
        if (http != null) {
            http.setAttribute(SpanNames.OUTCOME, attempt.outcome());
            if (attempt.statusCode() != null) {
                http.setAttribute(SpanNames.STATUS_CODE, (long) attempt.statusCode());
            }
            if (attempt.latencyMs() != null) {
                http.setAttribute(SpanNames.LATENCY_MS, (long) attempt.latencyMs());
            }
            if (!"delivered".equals(attempt.outcome())) {
                http.setAttribute(SpanNames.ERROR_CLASS, String.valueOf(attempt.errorClass()));
                http.setStatus(StatusCode.ERROR, String.valueOf(attempt.error()));
            }
            Instant end = attempt.finishedAt() == null ? at : attempt.finishedAt();
            http.end(RunTracing.notBefore(end, attempt.startedAt() == null ? end : attempt.startedAt()));
        }
        recording = tracer.spanBuilder(SpanNames.OUTCOME_RECORD).setParent(context).setStartTimestamp(at).startSpan();
    }

    /** The outcome batch holding the attempt was written (or given up): closes the recording span and the trace. */
    public void recorded(Instant at) {
        if (recording != null) {
            recording.end(at);
        }
        root.end(at);
    }
}
