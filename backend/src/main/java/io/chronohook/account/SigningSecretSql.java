package io.chronohook.account;

/** Named SQL for the signing_secret table. */
final class SigningSecretSql {

    static final String INSERT_CURRENT = """
            insert into signing_secret (id, tenant_id, ciphertext, key_id, created_at, expires_at)
            values (:id, :tenantId, :ciphertext, :keyId, :createdAt, null)
            """;

    /** Serialises rotations of one tenant: the second waits for the first and then retires its result. */
    static final String LOCK_TENANT = "select id from tenant where id = :tenantId for update";

    static final String RETIRE_CURRENT = """
            update signing_secret
               set expires_at = :expiresAt
             where tenant_id = :tenantId and expires_at is null
            """;

    static final String DELETE_EXPIRED = """
            delete from signing_secret
             where tenant_id = :tenantId and expires_at is not null and expires_at <= :now
            """;

    /** The current secret first, then the retiring ones that still sign, newest first. */
    static final String FIND_VALID = """
            select id, ciphertext, key_id, created_at, expires_at
              from signing_secret
             where tenant_id = :tenantId and (expires_at is null or expires_at > :now)
             order by expires_at is not null, created_at desc
            """;

    private SigningSecretSql() {
    }
}
