package io.chronohook.flow;

import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.Loop;
import io.chronohook.platform.WorkerLoopSet;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Renews the leases of the in-flight slots this worker holds, every {@link #INTERVAL} (well within the lease): a
 * request that lasts longer than a lease keeps its slot; a dead instance's slots run out.
 */
@Component
public class FlowLoops extends WorkerLoopSet {

    static final Duration INTERVAL = Duration.ofSeconds(4);

    private final FlowSlots slots;
    private final Clock clock;

    public FlowLoops(PipelineProperties pipeline, FlowSlots slots, Clock clock) {
        super(pipeline.worker());
        this.slots = slots;
        this.clock = clock;
    }

    /** One renewal; always reports no work, so the loop waits its interval before the next. */
    public Mono<Integer> runOnce() {
        return slots.renew(clock.instant()).thenReturn(0);
    }

    @Override
    protected List<Loop> startLoops() {
        return List.of(Loop.start("flow slot renewal", this::runOnce, INTERVAL, INTERVAL));
    }
}
