package io.chronohook.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.job.JobStore;
import io.chronohook.node.LocalNode;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.platform.DeliveryPressure;
import io.chronohook.schedule.RunStore;
import io.chronohook.support.DispatchParts;
import io.chronohook.support.NoOutcomeListener;
import io.chronohook.support.ReceiverApiTest;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import reactor.core.publisher.Mono;

/**
 * A dispatch round tells the delivery pressure that deliveries fill its node when it has no room, or when a shard of
 * the gate gave all that was asked of it; a round given less than it asked does not. Rounds of a loop of the test's
 * own, on a node of its own, while this instance is drained.
 */
class SaturatedRoundsTest extends ReceiverApiTest {

    @Autowired
    ApplicationContext context;

    @Autowired
    RunStore runs;

    @Autowired
    JobStore jobs;

    private DispatchParts parts;

    @BeforeEach
    void parts() {
        parts = DispatchParts.of(context);
    }

    @Test
    void aRoundWithNoRoomTellsThatDeliveriesFillTheNode() {
        LocalNode full = parts.node();
        full.inFlight().set(parts.pipeline().dispatch().maxInFlight());
        DeliveryPressure pressure = pressure();
        try (OutcomeRecorder recorder = recorder(full)) {
            DispatchLoop loop = parts.loop(runs, recorder, parts.pipeline().dispatch(), full, pressure);

            assertThat(loop.runOnce().block()).isZero();
            assertThat(pressure.yielding()).isTrue();
        }
    }

    @Test
    void aRoundGivenAllItAskedTellsItAndARoundGivenLessDoesNot() throws Exception {
        TestTenant tenant = signUp();
        LocalNode node = parts.node();
        // Rounds of two runs at most, so that a few runs ready are more than a round takes; and rounds of up to
        // 100,000, which no shard fills with what other tests left ready.
        PipelineProperties.Dispatch small = settings(2, parts.pipeline().dispatch().queueLeast());
        PipelineProperties.Dispatch wide = settings(100_000, 100_000);
        drainThisNode(true);
        try (OutcomeRecorder recorder = recorder(node)) {
            DeliveryPressure calm = pressure();
            assertThat(parts.loop(runs, recorder, wide, node, calm).runOnce().block()).isLessThan(10_000);
            assertThat(calm.yielding()).as("a round that took less than it asked").isFalse();

            for (int i = 0; i < 6; i++) {
                trigger(tenant, standbyJob(tenant, "/saturated", Map.of("maxAttempts", 1)), 1);
            }
            DeliveryPressure pressure = pressure();
            DispatchLoop loop = parts.loop(runs, recorder, small, node, pressure);
            int taken = 0;
            // The tenant's runs are in one shard, whose turn to be asked first comes round within one round a shard.
            for (int round = 0; round < 4 * parts.gate().gate().shards() && !pressure.yielding(); round++) {
                taken += loop.runOnce().block();
            }
            assertThat(pressure.yielding()).as("a shard gave all that was asked of it").isTrue();
            assertThat(taken).isPositive();
        } finally {
            drainThisNode(false);
        }
    }

    /** The instance's dispatch settings with another claim batch, and room for that many in flight and queued. */
    private PipelineProperties.Dispatch settings(int claimBatch, int queueLeast) {
        PipelineProperties.Dispatch d = parts.pipeline().dispatch();
        return new PipelineProperties.Dispatch(Math.max(d.maxInFlight(), claimBatch), d.maxConnectionsPerHost(),
                claimBatch, d.fairQuantum(), d.leaseMargin(), d.outcomeBatch(), d.outcomeFlush(), d.idle(),
                d.maxIdle(), d.queueWait(), queueLeast, d.completionDeferral());
    }

    private static DeliveryPressure pressure() {
        return new DeliveryPressure(Clock.systemUTC(), Duration.ofSeconds(10));
    }

    private OutcomeRecorder recorder(LocalNode node) {
        return new OutcomeRecorder(runs, parts.gate().backlog(), gone -> Mono.empty(), jobs::completeIfFinished,
                () -> false, Clock.systemUTC(), 100, Duration.ofMillis(10),
                recorded -> node.inFlight().addAndGet(-recorded), new NoOutcomeListener());
    }
}
