package io.chronohook.flow;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Flow control's meters: {@code chronohook.flow.waits} counts runs sent back to wait, by the limit's kind
 * ({@code endpoint}, {@code key}) and what was full ({@code in_flight}, {@code rate}); {@code chronohook.flow.slots}
 * is how many in-flight slots this instance holds.
 */
@Component
public class FlowMetrics {

    private final MeterRegistry registry;
    private final Map<String, Counter> waits = new ConcurrentHashMap<>();

    public FlowMetrics(MeterRegistry registry, FlowSlots slots) {
        this.registry = registry;
        registry.gauge("chronohook.flow.slots", slots, FlowSlots::held);
    }

    void waited(String kind, String what) {
        waits.computeIfAbsent(kind + "/" + what, name -> Counter.builder("chronohook.flow.waits")
                .description("Runs sent back to wait for capacity, not counted as attempts")
                .tag("kind", kind).tag("limit", what).register(registry)).increment();
    }
}
