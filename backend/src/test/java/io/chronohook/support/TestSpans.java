package io.chronohook.support;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/** Every span the backend under test ends, kept in memory (emptied before each test). */
@TestConfiguration(proxyBeanMethods = false)
public class TestSpans {

    @Bean
    InMemorySpanExporter spans() {
        return InMemorySpanExporter.create();
    }
}
