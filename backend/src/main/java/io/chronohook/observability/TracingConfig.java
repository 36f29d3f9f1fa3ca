package io.chronohook.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SdkTracerProviderBuilder;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenTelemetry SDK of this instance: W3C trace context, a ratio sampler, and an OTLP exporter when an endpoint
 * is configured ({@code OTEL_EXPORTER_OTLP_ENDPOINT}). Exporter beans in the context (tests) receive every span as it
 * ends. With neither, the runs' tracer records nothing ({@link UnrecordedTracer}): their ids still go on attempts and
 * into {@code traceparent}, sampled or not as the ratio says.
 */
@Configuration(proxyBeanMethods = false)
class TracingConfig {

    private static final Logger log = LoggerFactory.getLogger(TracingConfig.class);

    @Bean(destroyMethod = "close")
    OpenTelemetrySdk openTelemetry(ObservabilityProperties properties, ObjectProvider<SpanExporter> exporters) {
        ObservabilityProperties.Tracing tracing = properties.tracing();
        SdkTracerProviderBuilder provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(
                        Attributes.of(AttributeKey.stringKey("service.name"), tracing.serviceName()))))
                .setSampler(Sampler.parentBased(Sampler.traceIdRatioBased(tracing.samplingRatio())));
        if (tracing.exports()) {
            provider.addSpanProcessor(BatchSpanProcessor.builder(otlp(tracing)).build());
            log.info("exporting spans over OTLP ({}) to {}, sampling ratio {}", tracing.otlpProtocol(),
                    tracing.otlpEndpoint(), tracing.samplingRatio());
        }
        exporters.orderedStream().forEach(exporter -> provider.addSpanProcessor(SimpleSpanProcessor.create(exporter)));
        return OpenTelemetrySdk.builder()
                .setTracerProvider(provider.build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
    }

    @Bean
    Tracer tracer(OpenTelemetry openTelemetry, ObservabilityProperties properties,
                  ObjectProvider<SpanExporter> exporters) {
        ObservabilityProperties.Tracing tracing = properties.tracing();
        return tracer(openTelemetry, tracing.exports() || exporters.orderedStream().findAny().isPresent(),
                tracing.samplingRatio());
    }

    /** The SDK's tracer when spans go somewhere ({@code kept}); otherwise one that only makes their ids. */
    static Tracer tracer(OpenTelemetry openTelemetry, boolean kept, double samplingRatio) {
        return kept ? openTelemetry.getTracer("io.chronohook") : new UnrecordedTracer(samplingRatio);
    }

    private static SpanExporter otlp(ObservabilityProperties.Tracing tracing) {
        String endpoint = tracing.otlpEndpoint().strip();
        if (tracing.otlpProtocol().equals("grpc")) {
            var builder = OtlpGrpcSpanExporter.builder().setEndpoint(endpoint);
            OtlpHeaders.parse(tracing.otlpHeaders()).forEach(builder::addHeader);
            return builder.build();
        }
        // OTLP/HTTP: the variable names the collector's base address; traces go to /v1/traces under it.
        String traces = endpoint.endsWith("/v1/traces") ? endpoint
                : endpoint.replaceAll("/+$", "") + "/v1/traces";
        var builder = OtlpHttpSpanExporter.builder().setEndpoint(traces);
        OtlpHeaders.parse(tracing.otlpHeaders()).forEach(builder::addHeader);
        return builder.build();
    }
}
