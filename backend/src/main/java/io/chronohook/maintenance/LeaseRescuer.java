package io.chronohook.maintenance;

import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Returns to the queue the runs whose lease expired — their instance died (or hung) mid-attempt — with the same run
 * id, the lost attempt counted; then offers them to the gate. Leaderless: rows are taken with {@code SKIP LOCKED}.
 */
public final class LeaseRescuer {

    private static final Logger log = LoggerFactory.getLogger(LeaseRescuer.class);
    private static final int BATCH = 1000;

    private final RunStore runs;
    private final TimeGate gate;
    private final Clock clock;

    public LeaseRescuer(RunStore runs, TimeGate gate, Clock clock) {
        this.runs = runs;
        this.gate = gate;
        this.clock = clock;
    }

    /** One round; returns how many runs were queued again. */
    public Mono<Integer> runOnce() {
        return runs.rescueExpiredLeases(clock.instant(), BATCH).collectList()
                .flatMap(rescued -> rescued.isEmpty() ? Mono.just(0)
                        : gate.offer(rescued).thenReturn(rescued.size())
                                .doOnNext(count -> log.info("queued {} runs again after their lease expired", count)));
    }
}
