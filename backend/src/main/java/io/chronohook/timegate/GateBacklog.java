package io.chronohook.timegate;

import io.chronohook.platform.Loop;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore.GateEntry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Hands runs to the time gate and, when Redis does not answer, keeps them (bounded) and hands them over again every
 * half second until it does — so a run written to Postgres during a Redis outage is in the gate moments after Redis
 * is back, not after the overdue sweep. Every stage that offers runs goes through it; offering never fails.
 */
@Component
public class GateBacklog implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(GateBacklog.class);
    /** Beyond this many waiting runs, further ones are left to the overdue sweep (they are safe in Postgres). */
    static final int CAPACITY = 200_000;
    private static final int PER_TRY = 5_000;
    private static final Duration TRY_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration RETRY_EVERY = Duration.ofMillis(500);

    private final TimeGate gate;
    private final Map<RunId, GateEntry> waiting = new LinkedHashMap<>();
    private boolean overflowLogged;
    private Loop loop;
    private volatile boolean running;

    public GateBacklog(TimeGate gate) {
        this.gate = gate;
    }

    /** Offers runs to the gate; completes once they are in it or kept for the next try. */
    public Mono<Void> offer(List<GateEntry> entries) {
        if (entries.isEmpty()) {
            return Mono.empty();
        }
        return gate.offer(entries)
                .timeout(TRY_TIMEOUT)
                .onErrorResume(error -> {
                    keep(entries, error);
                    return Mono.empty();
                });
    }

    /** Runs waiting for Redis to answer. */
    public synchronized int size() {
        return waiting.size();
    }

    /** One try at handing the waiting runs over; emits how many went into the gate. */
    public Mono<Integer> runOnce() {
        List<GateEntry> batch = next();
        if (batch.isEmpty()) {
            return Mono.just(0);
        }
        return gate.offer(batch)
                .timeout(TRY_TIMEOUT)
                .then(Mono.fromSupplier(() -> {
                    handedOver(batch);
                    return batch.size();
                }));
    }

    private synchronized List<GateEntry> next() {
        List<GateEntry> batch = new ArrayList<>(Math.min(PER_TRY, waiting.size()));
        Iterator<GateEntry> entries = waiting.values().iterator();
        while (entries.hasNext() && batch.size() < PER_TRY) {
            batch.add(entries.next());
        }
        return batch;
    }

    private synchronized void handedOver(List<GateEntry> batch) {
        // A run offered again meanwhile (a later due time) stays for the next try.
        batch.forEach(entry -> waiting.remove(entry.id(), entry));
        if (waiting.isEmpty()) {
            overflowLogged = false;
            log.info("the time gate answers again: every run kept meanwhile has been handed over");
        }
    }

    private synchronized void keep(List<GateEntry> entries, Throwable error) {
        if (waiting.isEmpty()) {
            log.warn("the time gate did not answer ({}); keeping runs to hand over when it does", error.toString());
        }
        for (GateEntry entry : entries) {
            if (waiting.size() >= CAPACITY && !waiting.containsKey(entry.id())) {
                if (!overflowLogged) {
                    overflowLogged = true;
                    log.warn("{} runs wait for the time gate; further ones are left to the overdue sweep", CAPACITY);
                }
                continue;
            }
            waiting.put(entry.id(), entry);
        }
    }

    @Override
    public void start() {
        running = true;
        loop = Loop.every("gate backlog", this::runOnce, RETRY_EVERY);
    }

    @Override
    public void stop() {
        if (loop != null) {
            loop.stop(TRY_TIMEOUT);
        }
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
