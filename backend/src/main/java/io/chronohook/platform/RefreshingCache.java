package io.chronohook.platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * Values read from the database by key and kept for a while, for look-ups on hot paths (a tenant's plan, its signing
 * secrets, its flow settings). A value older than {@code ttl} is still answered at once while one read refreshes it
 * behind, so the runs of a clump due at one instant (a thousand every-second jobs) neither wait for that read nor send
 * a read each; a key not held yet is read once for everyone who asks for it meanwhile. A value is so at most
 * {@code ttl} and one read old. A read that fails or finds nothing keeps nothing (a value held before stays, and the
 * next look-up reads again); a caller with nothing held gets the failure, or nothing.
 */
public final class RefreshingCache<K, V> {

    private final Duration ttl;
    private final Clock clock;
    private final Function<K, Mono<V>> read;
    private final Map<K, Slot> slots = new ConcurrentHashMap<>();

    public RefreshingCache(Duration ttl, Clock clock, Function<K, Mono<V>> read) {
        this.ttl = ttl;
        this.clock = clock;
        this.read = read;
    }

    /** The value held for {@code key}, refreshed behind when it is older than the time to live; read when none is. */
    public Mono<V> get(K key) {
        return slots.computeIfAbsent(key, Slot::new).get(clock.instant());
    }

    /** Keeps {@code value} for {@code key} as read at this instant (a caller that read it itself). */
    public void put(K key, V value) {
        slots.computeIfAbsent(key, Slot::new).keep(value, clock.instant());
    }

    /** Forgets what is held for {@code key}: the next look-up reads it again, and waits for the read. */
    public void forget(K key) {
        slots.remove(key);
    }

    /** Forgets every key. */
    public void clear() {
        slots.clear();
    }

    /** One key's value, when it was read, and the read under way (if any). */
    private final class Slot {

        private final K key;
        private V value;
        private Instant readAt;
        private Mono<V> reading;

        private Slot(K key) {
            this.key = key;
        }

        synchronized Mono<V> get(Instant now) {
            if (value == null) {
                if (reading == null) {
                    reading = start(now);
                }
                return reading;
            }
            if (reading == null && now.isAfter(readAt.plus(ttl))) {
                reading = start(now);
                // Behind the callers, who take the value held: its outcome is kept (or, failing, left) by the read.
                reading.subscribe(fresh -> { }, error -> { });
            }
            return Mono.just(value);
        }

        synchronized void keep(V fresh, Instant at) {
            value = fresh;
            readAt = at;
        }

        private synchronized void done() {
            reading = null;
        }

        private Mono<V> start(Instant now) {
            return Mono.defer(() -> read.apply(key))
                    .doOnNext(fresh -> keep(fresh, now))
                    .doFinally(signal -> done())
                    .cache();
        }
    }
}
