package io.chronohook.timegate;

import java.time.Clock;
import java.time.Instant;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Moves due runs from the gate into the tenants' ready lists as they fall due, in a loop of its own: a stampede of
 * one tenant is released within moments, so the runs of another tenant due just after it never queue behind it in
 * the gate (the fair take happens on the ready lists). Dispatch rounds also release before they take.
 */
public final class GateReleaser {

    private final TimeGate gate;
    private final int batch;
    private final Clock clock;

    public GateReleaser(TimeGate gate, int batch, Clock clock) {
        this.gate = gate;
        this.batch = batch;
        this.clock = clock;
    }

    /** One pass over the shards; emits how many runs it released (the loop goes on at once while it finds some). */
    public Mono<Long> runOnce() {
        Instant now = clock.instant();
        return Flux.range(0, gate.shards())
                .concatMap(shard -> gate.release(shard, now, batch))
                .reduce(0L, Long::sum);
    }
}
