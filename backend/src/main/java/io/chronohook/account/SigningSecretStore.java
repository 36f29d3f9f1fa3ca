package io.chronohook.account;

import static io.chronohook.platform.Rows.utc;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.SecretCipher;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Stores signing secrets sealed with the master key; every method is scoped to one tenant. */
@Repository
public class SigningSecretStore {

    private final DatabaseClient db;

    public SigningSecretStore(DatabaseClient db) {
        this.db = db;
    }

    /** A stored secret, still sealed. */
    public record StoredSecret(UUID id, SecretCipher.Sealed sealed, Instant createdAt, Instant expiresAt) {
    }

    public Mono<Void> insertCurrent(TenantId tenantId, UUID id, SecretCipher.Sealed sealed, Instant createdAt) {
        return db.sql(SigningSecretSql.INSERT_CURRENT)
                .bind("id", id)
                .bind("tenantId", tenantId.value())
                .bind("ciphertext", ByteBuffer.wrap(sealed.bytes()))
                .bind("keyId", sealed.keyId())
                .bind("createdAt", utc(createdAt))
                .then();
    }

    public Mono<Void> lockTenant(TenantId tenantId) {
        return db.sql(SigningSecretSql.LOCK_TENANT).bind("tenantId", tenantId.value()).then();
    }

    public Mono<Void> retireCurrent(TenantId tenantId, Instant expiresAt) {
        return db.sql(SigningSecretSql.RETIRE_CURRENT)
                .bind("tenantId", tenantId.value())
                .bind("expiresAt", utc(expiresAt))
                .then();
    }

    public Mono<Void> deleteExpired(TenantId tenantId, Instant now) {
        return db.sql(SigningSecretSql.DELETE_EXPIRED)
                .bind("tenantId", tenantId.value())
                .bind("now", utc(now))
                .then();
    }

    public Flux<StoredSecret> findValid(TenantId tenantId, Instant now) {
        return db.sql(SigningSecretSql.FIND_VALID)
                .bind("tenantId", tenantId.value())
                .bind("now", utc(now))
                .map(SigningSecretStore::toStored)
                .all();
    }

    private static StoredSecret toStored(Readable row) {
        ByteBuffer buffer = row.get("ciphertext", ByteBuffer.class);
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        OffsetDateTime expiresAt = row.get("expires_at", OffsetDateTime.class);
        return new StoredSecret(
                row.get("id", UUID.class),
                new SecretCipher.Sealed(row.get("key_id", String.class), bytes),
                row.get("created_at", OffsetDateTime.class).toInstant(),
                expiresAt == null ? null : expiresAt.toInstant());
    }
}
