package io.chronohook.observability;

import io.chronohook.operator.StatsStore;
import io.chronohook.timegate.TimeGate;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Samples the installation's queues into gauges: runs waiting in the time gate (Redis) and dead runs (Postgres,
 * counted up to {@link StatsStore#COUNT_CAP} so a sample stays cheap whatever has piled up). A gauge keeps its last
 * sample when a read fails.
 */
@Component
public class QueueDepthSampler {

    private final TimeGate gate;
    private final StatsStore stats;
    private final AtomicLong gateDepth = new AtomicLong();
    private final AtomicLong dead = new AtomicLong();

    public QueueDepthSampler(TimeGate gate, StatsStore stats, MeterRegistry registry) {
        this.gate = gate;
        this.stats = stats;
        Gauge.builder(MeterNames.GATE_DEPTH, gateDepth, AtomicLong::get)
                .description("Runs waiting in the time gate, not yet due").baseUnit("runs").register(registry);
        Gauge.builder(MeterNames.DLQ_SIZE, dead, AtomicLong::get)
                .description("Dead runs not replayed (counted up to 100,000)").baseUnit("runs").register(registry);
    }

    /** One sample of both depths. */
    public Mono<Void> runOnce() {
        return gate.depth().doOnNext(gateDepth::set)
                .then(stats.dead().doOnNext(dead::set))
                .then();
    }
}
