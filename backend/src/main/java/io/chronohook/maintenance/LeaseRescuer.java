package io.chronohook.maintenance;

import io.chronohook.outcome.OutcomeRecorder;
import io.chronohook.schedule.RunState;
import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Returns to the queue the runs whose lease expired — their instance died (or hung) mid-attempt — with the same run
 * id, the lost attempt counted; then offers them to the gate. Runs whose budget the lost attempt spent end dead and
 * are told to the outcome listener like any other dead run. Leaderless: rows are taken with {@code SKIP LOCKED}.
 */
public final class LeaseRescuer {

    private static final Logger log = LoggerFactory.getLogger(LeaseRescuer.class);
    private static final int BATCH = 1000;

    private final RunStore runs;
    private final TimeGate gate;
    private final OutcomeRecorder.Listener listener;
    private final Clock clock;

    public LeaseRescuer(RunStore runs, TimeGate gate, OutcomeRecorder.Listener listener, Clock clock) {
        this.runs = runs;
        this.gate = gate;
        this.listener = listener;
        this.clock = clock;
    }

    /** One round; returns how many runs were queued again or ended dead. */
    public Mono<Integer> runOnce() {
        return runs.rescueExpiredLeases(clock.instant(), BATCH).collectList()
                .flatMap(rescued -> {
                    if (rescued.isEmpty()) {
                        return Mono.just(0);
                    }
                    List<RunStore.GateEntry> queued = rescued.stream()
                            .filter(run -> run.state() == RunState.QUEUED).map(RunStore.RescuedRun::entry).toList();
                    List<RunStore.RescuedRun> dead = rescued.stream()
                            .filter(run -> run.state() == RunState.DEAD).toList();
                    log.info("{} runs lost their attempt when their lease expired: {} queued again, {} dead",
                            rescued.size(), queued.size(), dead.size());
                    return gate.offer(queued)
                            .then(dead.isEmpty() ? Mono.empty() : listener.lost(dead))
                            .thenReturn(rescued.size());
                });
    }
}
