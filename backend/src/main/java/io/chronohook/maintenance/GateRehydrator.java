package io.chronohook.maintenance;

import io.chronohook.schedule.RunStore;
import io.chronohook.timegate.GateProperties;
import io.chronohook.timegate.TimeGate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Keeps the gate complete. When the gate's epoch marker is gone (Redis restarted empty or was flushed) it offers
 * again every live run due within the horizon (and the planner's reach past it: runs already planned), from Postgres; otherwise it offers again the few live runs overdue
 * by more than {@code overdueAfter} (lost between a take and a claim when an instance died). Offering twice is safe:
 * the claim is a compare-and-set.
 */
public final class GateRehydrator {

    private static final Logger log = LoggerFactory.getLogger(GateRehydrator.class);
    private static final int PAGE = 5000;

    private final TimeGate gate;
    private final RunStore runs;
    private final GateProperties properties;
    /** How far past the horizon the planner may have planned a job: a rebuild offers runs up to there. */
    private final Duration plannedPast;
    private final Clock clock;
    private Instant lastSweep = Instant.EPOCH;

    public GateRehydrator(TimeGate gate, RunStore runs, GateProperties properties, Duration plannedPast,
                          Clock clock) {
        this.gate = gate;
        this.plannedPast = plannedPast;
        this.runs = runs;
        this.properties = properties;
        this.clock = clock;
    }

    /** One check; returns how many runs were offered. */
    public Mono<Long> runOnce() {
        Instant now = clock.instant();
        return gate.epochPresent().flatMap(present -> {
            if (!present) {
                return rebuild(now);
            }
            if (now.isBefore(lastSweep.plus(properties.sweepInterval()))) {
                return Mono.just(0L);
            }
            lastSweep = now;
            return sweepOverdue(now);
        });
    }

    /**
     * Offers again every live run due within the horizon, whatever the gate holds: after a node died, which may have
     * taken runs out of the gate without claiming them or planned runs it never handed to the gate.
     */
    public Mono<Long> rebuildNow() {
        return rebuild(clock.instant());
    }

    private Mono<Long> rebuild(Instant now) {
        Instant horizon = now.plus(properties.horizon()).plus(plannedPast);
        return rebuildFrom(horizon, Instant.EPOCH, new UUID(0, 0), 0L)
                .flatMap(count -> gate.markEpoch(now).thenReturn(count))
                .doOnNext(count -> log.info("time gate rebuilt from Postgres: {} runs offered", count));
    }

    private Mono<Long> rebuildFrom(Instant horizon, Instant afterDue, UUID afterId, long offered) {
        return runs.liveDueBefore(horizon, afterDue, afterId, PAGE).collectList().flatMap(page -> {
            if (page.isEmpty()) {
                return Mono.just(offered);
            }
            RunStore.GateEntry last = page.getLast();
            Mono<Void> offer = gate.offer(page);
            return page.size() < PAGE
                    ? offer.thenReturn(offered + page.size())
                    : offer.then(rebuildFrom(horizon, last.dueAt(), last.id().value(), offered + page.size()));
        });
    }

    private Mono<Long> sweepOverdue(Instant now) {
        return runs.overdue(now.minus(properties.overdueAfter()), PAGE).collectList()
                .flatMap(page -> page.isEmpty() ? Mono.just(0L)
                        : gate.offer(page).thenReturn((long) page.size())
                                .doOnNext(count -> log.info("offered {} overdue runs to the gate again", count)));
    }
}
