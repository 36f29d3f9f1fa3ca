package io.chronohook.job;

import io.chronohook.billing.tenant.TenantId;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Remembers Idempotency-Keys per tenant and scope: which request (by hash) they made and what it created. */
@Repository
public class IdempotencyStore {

    static final String CLAIM = """
            insert into idempotency_key (tenant_id, scope, key, request_hash, resource_id, created_at)
            values (:tenantId, :scope, :key, :hash, :resourceId, :now)
            on conflict (tenant_id, scope, key) do nothing
            """;

    static final String FIND = """
            select request_hash, resource_id from idempotency_key
             where tenant_id = :tenantId and scope = :scope and key = :key
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
}
