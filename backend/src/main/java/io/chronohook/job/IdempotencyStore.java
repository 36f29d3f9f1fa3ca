package io.chronohook.job;

import io.chronohook.billing.tenant.TenantId;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/**
 * Remembers Idempotency-Keys per tenant and scope for {@link #KEPT}: which request (by hash) they made and what it
 * created. A key older than that is forgotten: a request with it creates anew (and the history maintenance deletes
 * old keys in slices).
 */
@Repository
public class IdempotencyStore {

    /** How long a key is honoured. */
    public static final Duration KEPT = Duration.ofHours(24);

    /** A new key is inserted; a forgotten one (older than {@link #KEPT}) is taken over. */
    static final String CLAIM = """
            insert into idempotency_key (tenant_id, scope, key, request_hash, resource_id, created_at)
            values (:tenantId, :scope, :key, :hash, :resourceId, :now)
            on conflict (tenant_id, scope, key) do update
               set request_hash = excluded.request_hash, resource_id = excluded.resource_id,
                   created_at = excluded.created_at
             where idempotency_key.created_at <= :forgottenBefore
            """;

    static final String FIND = """
            select request_hash, resource_id from idempotency_key
             where tenant_id = :tenantId and scope = :scope and key = :key
            """;

    /** Deletes keys no longer honoured, a slice at a time. */
    static final String PURGE = """
            delete from idempotency_key
             where ctid in (select ctid from idempotency_key where created_at <= :forgottenBefore limit :limit)
            """;

    private final DatabaseClient db;

    public IdempotencyStore(DatabaseClient db) {
        this.db = db;
    }

    /** What an earlier request with the same key made; {@code sameRequest} false when its body differed. */
    public record Earlier(boolean sameRequest, UUID resourceId) {
    }

    /**
     * Claims the key for a new resource inside the caller's transaction. Empty when the key is new (the caller goes
     * on creating); otherwise what the earlier request made. A concurrent request with the same key waits here
     * until the first commits.
     */
    public Mono<Earlier> claim(TenantId tenantId, String scope, String key, byte[] hash, UUID resourceId, Instant now) {
        return db.sql(CLAIM)
                .bind("tenantId", tenantId.value()).bind("scope", scope).bind("key", key)
                .bind("hash", ByteBuffer.wrap(hash)).bind("resourceId", resourceId)
                .bind("now", now.atOffset(ZoneOffset.UTC))
                .bind("forgottenBefore", now.minus(KEPT).atOffset(ZoneOffset.UTC))
                .fetch().rowsUpdated()
                .flatMap(inserted -> inserted > 0 ? Mono.empty() : db.sql(FIND)
                        .bind("tenantId", tenantId.value()).bind("scope", scope).bind("key", key)
                        .map(row -> {
                            ByteBuffer stored = row.get("request_hash", ByteBuffer.class);
                            byte[] bytes = new byte[stored.remaining()];
                            stored.get(bytes);
                            return new Earlier(MessageDigest.isEqual(bytes, hash), row.get("resource_id", UUID.class));
                        })
                        .one());
    }

    /** Deletes up to {@code limit} keys no longer honoured at {@code now}; returns how many. */
    public Mono<Long> purge(Instant now, int limit) {
        return db.sql(PURGE).bind("forgottenBefore", now.minus(KEPT).atOffset(ZoneOffset.UTC)).bind("limit", limit)
                .fetch().rowsUpdated();
    }
}
