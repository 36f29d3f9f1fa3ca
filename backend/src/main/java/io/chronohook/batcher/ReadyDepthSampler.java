package io.chronohook.batcher;

import io.chronohook.timegate.TimeGate;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Samples the released runs waiting per tenant into the {@code chronohook.ready.runs} gauges. */
@Component
public class ReadyDepthSampler {

    private final TimeGate gate;
    private final FairShareMetrics metrics;

    public ReadyDepthSampler(TimeGate gate, FairShareMetrics metrics) {
        this.gate = gate;
        this.metrics = metrics;
    }

    /** One sample; emits the number of tenants with runs waiting. */
    public Mono<Integer> runOnce() {
        return gate.readyDepths().doOnNext(metrics::readyRuns).map(depths -> depths.size());
    }
}
