package io.chronohook.node;

import io.chronohook.platform.Loop;
import io.chronohook.schedule.RunStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Every instance heartbeats its node row (in-flight count, state) every {@code chronohook.node.heartbeat}, learns
 * from it whether the operator asked it to drain, keeps the leases of runs whose outcomes wait for the database, and
 * now and then forgets long-gone nodes. On stop it marks the node {@code stopped}, after the worker has drained.
 */
@Component
public class NodeHeartbeat implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(NodeHeartbeat.class);
    private static final Duration FORGET_EVERY = Duration.ofMinutes(1);
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(2);

    private final LocalNode node;
    private final NodeStore store;
    private final NodeProperties properties;
    private final RunStore runs;
    private final Clock clock;
    private volatile Supplier<Collection<UUID>> pendingOutcomes = List::of;
    private Instant lastForget = Instant.EPOCH;
    private Loop loop;
    private volatile boolean running;

    public NodeHeartbeat(LocalNode node, NodeStore store, NodeProperties properties, RunStore runs,
                         Clock clock) {
        this.node = node;
        this.store = store;
        this.properties = properties;
        this.runs = runs;
        this.clock = clock;
    }

    /** Keeps the runs of outcomes waiting to be written (the worker's recorder) leased to this node. */
    public void keepLeased(Supplier<Collection<UUID>> pending) {
        this.pendingOutcomes = pending;
    }

    /** One heartbeat; emits whether a drain is asked of the node. */
    public Mono<Boolean> runOnce() {
        Instant now = clock.instant();
        return store.heartbeat(node.id(), node.inFlight().get(), now)
                .switchIfEmpty(Mono.defer(() -> store.register(node.id(), node.roles(), node.version(), node.host(),
                        now).thenReturn(false)))
                .doOnNext(drain -> node.heartbeatWritten(now, drain))
                .flatMap(drain -> runs.extendLeases(node.id().value(), pendingOutcomes.get(),
                        now.plus(properties.deadAfter().multipliedBy(3)), now).thenReturn(drain))
                .flatMap(drain -> forgetNow(now) ? store.forget(now.minus(properties.forgetAfter())).thenReturn(drain)
                        : Mono.just(drain))
                .doOnError(error -> node.heartbeatFailed());
    }

    private boolean forgetNow(Instant now) {
        if (now.isBefore(lastForget.plus(FORGET_EVERY))) {
            return false;
        }
        lastForget = now;
        return true;
    }

    @Override
    public void start() {
        running = true;
        node.resume();
        try {
            // Also after a stop: the row goes back to active.
            store.register(node.id(), node.roles(), node.version(), node.host(), clock.instant()).block(MARK_TIMEOUT);
        } catch (RuntimeException e) {
            log.warn("could not register node {} yet; its heartbeat will", node.id());
        }
        loop = Loop.every("node heartbeat", this::runOnce, properties.heartbeat());
        log.info("node {} ({}, roles {}, version {}) started", node.id(), node.host(), node.roles(), node.version());
    }

    @Override
    public void stop() {
        if (loop != null) {
            loop.stop(MARK_TIMEOUT);
        }
        try {
            store.mark(node.id(), "stopped", node.inFlight().get(), clock.instant()).block(MARK_TIMEOUT);
        } catch (RuntimeException e) {
            log.warn("could not mark node {} stopped; it will be taken for dead after {}", node.id(),
                    properties.deadAfter());
        }
        running = false;
    }

    /** Marks the node {@code stopping} (best effort, bounded): the node list shows it at once. */
    public void markStopping() {
        try {
            store.mark(node.id(), "stopping", node.inFlight().get(), clock.instant()).block(MARK_TIMEOUT);
        } catch (RuntimeException e) {
            log.warn("could not mark node {} stopping", node.id());
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Starts before and stops after the worker loops (which stop before the web server and the pools). */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1010;
    }
}
