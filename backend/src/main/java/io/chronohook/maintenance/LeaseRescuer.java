package io.chronohook.maintenance;

import io.chronohook.node.LocalNode;
import io.chronohook.node.NodeId;
import io.chronohook.node.NodeStore;
import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.GateBacklog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Returns to the queue the runs whose node died (silent past the dead-after window), stopped without recording them,
 * or whose lease expired — with the same run id, the lost attempt counted; then offers them to the gate. Runs whose
 * budget the lost attempt spent end dead and are told to the outcome listener like any other dead run. When a node
 * is newly found dead, every live run due within the gate's horizon is offered again once: the dead node may have
 * taken some out of the gate without claiming them, or planned some it never handed to the gate. Leaderless: rows are taken with {@code SKIP LOCKED}; a node rescues only once
 * its own heartbeats have gone through for a whole dead-after window, so after an outage it takes no live node for
 * dead.
 */
public final class LeaseRescuer {

    private static final Logger log = LoggerFactory.getLogger(LeaseRescuer.class);
    private static final int BATCH = 1000;

    private final RunStore runs;
    private final GateBacklog gate;
    private final OutcomeRecorder.Listener listener;
    private final LocalNode node;
    private final NodeStore nodes;
    private final Duration deadAfter;
    private final Clock clock;
    private final Set<NodeId> knownDead = new HashSet<>();
    private final Supplier<Mono<Long>> refillGate;

    public LeaseRescuer(RunStore runs, GateBacklog gate, OutcomeRecorder.Listener listener, Nodes nodes,
                        Supplier<Mono<Long>> refillGate, Clock clock) {
        this.refillGate = refillGate;
        this.runs = runs;
        this.gate = gate;
        this.listener = listener;
        this.node = nodes.local();
        this.nodes = nodes.store();
        this.deadAfter = nodes.deadAfter();
        this.clock = clock;
    }

    /** This node, the node table, and how long a silent node is taken for alive. */
    public record Nodes(LocalNode local, NodeStore store, Duration deadAfter) {
    }

    /** One round; returns how many runs were queued again or ended dead. */
    public Mono<Integer> runOnce() {
        Instant now = clock.instant();
        if (!node.mayRescue(now)) {
            return Mono.just(0);
        }
        return offerTakenByNewlyDead(now)
                .then(runs.rescueExpiredLeases(now, now.minus(deadAfter), BATCH).collectList())
                .flatMap(rescued -> {
                    if (rescued.isEmpty()) {
                        return Mono.just(0);
                    }
                    List<RunStore.GateEntry> queued = rescued.stream()
                            .filter(run -> run.state() == RunState.QUEUED).map(RunStore.RescuedRun::entry).toList();
                    List<RunStore.RescuedRun> dead = rescued.stream()
                            .filter(run -> run.state() == RunState.DEAD).toList();
                    log.info("{} runs lost their attempt with their node or lease: {} queued again, {} dead",
                            rescued.size(), queued.size(), dead.size());
                    return gate.offer(queued)
                            .then(dead.isEmpty() ? Mono.empty() : listener.lost(dead))
                            .thenReturn(rescued.size());
                });
    }

    private Mono<Void> offerTakenByNewlyDead(Instant now) {
        return nodes.list(now, deadAfter)
                .filter(listed -> "dead".equals(listed.state()))
                .map(NodeStore.Node::id)
                .collectList()
                .flatMap(dead -> {
                    boolean newlyDead = !knownDead.containsAll(dead);
                    knownDead.retainAll(dead);
                    knownDead.addAll(dead);
                    if (!newlyDead) {
                        return Mono.empty();
                    }
                    return refillGate.get()
                            .doOnNext(offered -> log.info("a node was found dead; {} live runs due within the gate's "
                                    + "horizon offered again", offered))
                            .then();
                });
    }
}
