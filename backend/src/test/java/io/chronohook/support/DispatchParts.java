package io.chronohook.support;

import io.chronohook.batcher.FairBatcher;
import io.chronohook.node.LocalNode;
import io.chronohook.node.NodeProperties;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.pipeline.Deliveries;
import io.chronohook.pipeline.DispatchLoop;
import io.chronohook.pipeline.PipelineProperties;
import io.chronohook.platform.DeliveryPressure;
import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.GateProperties;
import java.time.Clock;
import java.util.function.Supplier;
import org.springframework.context.ApplicationContext;
import reactor.core.publisher.Mono;

/**
 * The parts of a running instance a test makes a dispatch loop of its own from, on a node of its own: the loop takes
 * from the instance's gate and delivers through its deliveries, with the runs' store, recorder, settings and pressure
 * the test chooses.
 */
public record DispatchParts(ApplicationContext context, DispatchLoop.Gate gate, PipelineProperties pipeline) {

    public static DispatchParts of(ApplicationContext context) {
        return new DispatchParts(context, context.getBean(DispatchLoop.Gate.class),
                context.getBean(PipelineProperties.class));
    }

    /** A node of the test's own: not drained, nothing in flight. */
    public LocalNode node() {
        return new LocalNode(pipeline, context.getBean(NodeProperties.class),
                context.getBeanProvider(org.springframework.boot.info.BuildProperties.class));
    }

    /** A loop on {@code node}, whose failed takes refill the gate with nothing. */
    public DispatchLoop loop(RunStore runs, OutcomeRecorder recorder, PipelineProperties.Dispatch settings,
                             LocalNode node, DeliveryPressure pressure) {
        Supplier<Mono<Long>> noRefill = () -> Mono.just(0L);
        return new DispatchLoop(gate, context.getBean(FairBatcher.class), runs, context.getBean(Deliveries.class),
                recorder, context.getBean(DispatchLoop.Telemetry.class), settings,
                context.getBean(GateProperties.class), Clock.systemUTC(), node, noRefill, pressure);
    }
}
