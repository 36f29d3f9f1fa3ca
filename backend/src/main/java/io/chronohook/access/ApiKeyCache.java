package io.chronohook.access;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The API keys this instance looked up lately, kept for {@code chronohook.auth.api-key-cache} (10 s by default) so
 * that most requests cost no look-up in the database: a request of a key used within that time is authenticated
 * against the kept hash and scopes.
 *
 * <p>A revoked key is forgotten at once by the instance that revoked it, and by every other through a Redis channel
 * ({@value #REVOKED_CHANNEL}); should that notice be lost (Redis unreachable at that moment), another instance goes on
 * accepting the key for at most the time it keeps it. A key read just before its revocation committed is not kept
 * (a look-up during which any key was forgotten keeps nothing). Only keys found active are kept, at most {@value #MOST_KEPT}:
 * past that, the expired ones are dropped, and if none are, all.
 */
@Component
public class ApiKeyCache {

    /** Where instances tell each other of a revoked key (its id). */
    static final String REVOKED_CHANNEL = "chronohook:api-keys:revoked";
    /** Most keys kept by one instance. */
    static final int MOST_KEPT = 10_000;
    /** Longest a revocation waits for Redis to take the notice. */
    static final Duration NOTICE_WAIT = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(ApiKeyCache.class);

    private record Kept(ApiKeyStore.Credential credential, Instant until) {
    }

    private final Duration time;
    private final RTopic revocations;
    private final ConcurrentHashMap<String, Kept> kept = new ConcurrentHashMap<>();
    private final AtomicLong forgettings = new AtomicLong();

    public ApiKeyCache(AuthProperties properties, RedissonClient redis) {
        this.time = properties.apiKeyCache();
        this.revocations = redis.getTopic(REVOKED_CHANNEL, StringCodec.INSTANCE);
        if (!time.isZero()) {
            revocations.addListenerAsync(String.class, (channel, id) -> forget(new ApiKeyId(UUID.fromString(id))))
                    .whenComplete((listening, failed) -> {
                        if (failed != null) {
                            log.warn("not listening for revoked API keys; a key revoked on another instance is "
                                    + "accepted here for up to {} more", time, failed);
                        }
                    });
        }
    }

    /** The key of this prefix if it was found active within the time keys are kept. */
    public Optional<ApiKeyStore.Credential> get(String prefix, Instant now) {
        Kept entry = kept.get(prefix);
        if (entry == null || !entry.until().isAfter(now)) {
            return Optional.empty();
        }
        return Optional.of(entry.credential());
    }

    /** How many times a key was forgotten: read before a look-up, handed to {@link #put} after it. */
    public long forgettings() {
        return forgettings.get();
    }

    /**
     * Keeps an active key found by its prefix, unless a key was forgotten since {@code forgettingsBefore} (read
     * before the look-up): the look-up may have read the key just before its revocation committed.
     */
    public void put(String prefix, ApiKeyStore.Credential credential, Instant now, long forgettingsBefore) {
        if (time.isZero()) {
            return;
        }
        if (kept.size() >= MOST_KEPT) {
            kept.values().removeIf(entry -> !entry.until().isAfter(now));
            if (kept.size() >= MOST_KEPT) {
                kept.clear();
            }
        }
        Kept entry = new Kept(credential, now.plus(time));
        kept.put(prefix, entry);
        // Checked after the entry is in: a forgetting counted before this check has it removed here, one counted
        // after it removes the entry itself.
        if (forgettings.get() != forgettingsBefore) {
            kept.remove(prefix, entry);
        }
    }

    /** Forgets the key here and tells the other instances to; a failure to tell them is logged, not raised. */
    public Mono<Void> revoked(ApiKeyId id) {
        forget(id);
        if (time.isZero()) {
            return Mono.empty();
        }
        return Mono.fromCompletionStage(() -> revocations.publishAsync(id.value().toString()))
                .timeout(NOTICE_WAIT)
                .onErrorResume(error -> {
                    log.warn("could not tell the other instances that API key {} was revoked; they accept it for up "
                            + "to {} more", id, time, error);
                    return Mono.empty();
                })
                .then();
    }

    /** Forgets the key on this instance. */
    void forget(ApiKeyId id) {
        forgettings.incrementAndGet();
        kept.values().removeIf(entry -> entry.credential().id().equals(id));
    }
}
