package io.chronohook.access;

import static io.chronohook.platform.Rows.utc;
import static io.chronohook.platform.Rows.bytes;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Stores API keys as hashes; every method but the authentication look-up is scoped to one tenant. */
@Repository
public class ApiKeyStore {

    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    /** Past this many remembered touches, the ones older than the interval are forgotten. */
    private static final int TOUCHES_KEPT = 10_000;

    private final DatabaseClient db;
    /** When this instance last wrote each key's last use: within the interval, a use needs no write. */
    private final Map<ApiKeyId, Instant> touched = new ConcurrentHashMap<>();

    public ApiKeyStore(DatabaseClient db) {
        this.db = db;
    }

    /** What authentication needs of an active key. */
    public record Credential(ApiKeyId id, TenantId tenantId, byte[] hash, Set<Scope> scopes) {
    }

    public Mono<Void> insert(TenantId tenantId, ApiKeyId id, String name, ApiKeyMaterial material, Set<Scope> scopes,
                             Instant createdAt) {
        return db.sql(ApiKeySql.INSERT)
                .bind("id", id.value())
                .bind("tenantId", tenantId.value())
                .bind("name", name)
                .bind("prefix", material.prefix())
                .bind("secretHash", ByteBuffer.wrap(material.hash()))
                .bind("scopes", scopes.stream().map(Scope::wire).sorted().toArray(String[]::new))
                .bind("createdAt", utc(createdAt))
                .then();
    }

    public Mono<Credential> findActiveByPrefix(String prefix) {
        return db.sql(ApiKeySql.FIND_ACTIVE_BY_PREFIX)
                .bind("prefix", prefix)
                .map(row -> new Credential(
                        new ApiKeyId(row.get("id", UUID.class)),
                        new TenantId(row.get("tenant_id", UUID.class)),
                        bytes(row.get("secret_hash", ByteBuffer.class)),
                        scopes(row)))
                .one();
    }

    /**
     * Records a use of the key, at most once a minute: the database keeps {@code last_used_at} to the minute, and
     * this instance skips the statement (a round trip per request) while its last write is that recent.
     */
    public Mono<Void> touch(ApiKeyId id, Instant now) {
        Instant last = touched.get(id);
        if (last != null && last.isAfter(now.minus(TOUCH_INTERVAL))) {
            return Mono.empty();
        }
        if (touched.size() >= TOUCHES_KEPT) {
            touched.values().removeIf(at -> !at.isAfter(now.minus(TOUCH_INTERVAL)));
        }
        return db.sql(ApiKeySql.TOUCH)
                .bind("id", id.value())
                .bind("now", utc(now))
                .bind("staleBefore", utc(now.minus(TOUCH_INTERVAL)))
                .then()
                .doOnSuccess(done -> touched.put(id, now));
    }

    public Mono<Page<ApiKey>> list(TenantId tenantId, PageRequest page) {
        return page.query(db, ApiKeySql.LIST_FIRST, ApiKeySql.LIST_AFTER)
                .bind("tenantId", tenantId.value())
                .map(ApiKeyStore::toApiKey)
                .all()
                .collectList()
                .map(rows -> page.page(rows, key -> key.id().value(), key -> key));
    }

    /** True when an active key of this tenant was revoked; false for unknown, foreign or already revoked keys. */
    public Mono<Boolean> revoke(TenantId tenantId, ApiKeyId id, Instant now) {
        return db.sql(ApiKeySql.REVOKE)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .bind("now", utc(now))
                .fetch()
                .rowsUpdated()
                .map(count -> count > 0);
    }

    private static ApiKey toApiKey(Readable row) {
        OffsetDateTime lastUsed = row.get("last_used_at", OffsetDateTime.class);
        return new ApiKey(
                new ApiKeyId(row.get("id", UUID.class)),
                new TenantId(row.get("tenant_id", UUID.class)),
                row.get("name", String.class),
                row.get("prefix", String.class),
                scopes(row),
                row.get("created_at", OffsetDateTime.class).toInstant(),
                lastUsed == null ? null : lastUsed.toInstant());
    }

    private static Set<Scope> scopes(Readable row) {
        return Arrays.stream(row.get("scopes", String[].class))
                .flatMap(wire -> Scope.fromWire(wire).stream())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Scope.class)));
    }
}
