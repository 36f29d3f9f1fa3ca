package io.chronohook.observability;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.IdGenerator;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The tracer of an instance that sends spans nowhere (no collector, no exporter): every span gets the ids and the
 * sampled flag the SDK would give it — a new trace id and the ratio's decision for a root, the parent's trace and flag
 * for a child — and records nothing, so that trace ids and {@code traceparent} stay as they are without building
 * spans no one receives.
 */
final class UnrecordedTracer implements Tracer {

    private final IdGenerator ids = IdGenerator.random();
    private final Sampler roots;

    UnrecordedTracer(double samplingRatio) {
        this.roots = Sampler.traceIdRatioBased(samplingRatio);
    }

    @Override
    public SpanBuilder spanBuilder(String spanName) {
        return new Builder(spanName);
    }

    private final class Builder implements SpanBuilder {

        private final String name;
        private Context parent;

        Builder(String name) {
            this.name = name;
        }

        @Override
        public SpanBuilder setParent(Context context) {
            parent = context;
            return this;
        }

        @Override
        public SpanBuilder setNoParent() {
            parent = Context.root();
            return this;
        }

        @Override
        public SpanBuilder addLink(SpanContext spanContext) {
            return this;
        }

        @Override
        public SpanBuilder addLink(SpanContext spanContext, Attributes attributes) {
            return this;
        }

        @Override
        public SpanBuilder setAttribute(String key, String value) {
            return this;
        }

        @Override
        public SpanBuilder setAttribute(String key, long value) {
            return this;
        }

        @Override
        public SpanBuilder setAttribute(String key, double value) {
            return this;
        }

        @Override
        public SpanBuilder setAttribute(String key, boolean value) {
            return this;
        }

        @Override
        public <T> SpanBuilder setAttribute(AttributeKey<T> key, T value) {
            return this;
        }

        @Override
        public SpanBuilder setSpanKind(SpanKind spanKind) {
            return this;
        }

        @Override
        public SpanBuilder setStartTimestamp(long startTimestamp, TimeUnit unit) {
            return this;
        }

        @Override
        public Span startSpan() {
            SpanContext up = Span.fromContext(parent == null ? Context.current() : parent).getSpanContext();
            if (up.isValid()) {
                return Span.wrap(SpanContext.create(up.getTraceId(), ids.generateSpanId(), up.getTraceFlags(),
                        up.getTraceState()));
            }
            String traceId = ids.generateTraceId();
            boolean sampled = roots.shouldSample(Context.root(), traceId, name, SpanKind.INTERNAL, Attributes.empty(),
                    List.of()).getDecision() == SamplingDecision.RECORD_AND_SAMPLE;
            return Span.wrap(SpanContext.create(traceId, ids.generateSpanId(),
                    sampled ? TraceFlags.getSampled() : TraceFlags.getDefault(), TraceState.getDefault()));
        }
    }
}
