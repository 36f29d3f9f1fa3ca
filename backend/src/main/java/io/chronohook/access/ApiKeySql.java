package io.chronohook.access;

/** Named SQL for the api_key table. */
final class ApiKeySql {

    static final String INSERT = """
            insert into api_key (id, tenant_id, name, prefix, secret_hash, scopes, created_at)
            values (:id, :tenantId, :name, :prefix, :secretHash, :scopes, :createdAt)
            """;

    /** The one unscoped read: authentication finds the tenant from the key. */
    static final String FIND_ACTIVE_BY_PREFIX = """
            select id, tenant_id, secret_hash, scopes
              from api_key
             where prefix = :prefix and revoked_at is null
            """;

    /** Records use at most once a minute per key, so that authentication is not a write per request. */
    static final String TOUCH = """
            update api_key
               set last_used_at = :now
             where id = :id and (last_used_at is null or last_used_at < :staleBefore)
            """;

    private static final String LIST_COLUMNS = "id, tenant_id, name, prefix, scopes, created_at, last_used_at";

    static final String LIST_FIRST = "select " + LIST_COLUMNS + """
             from api_key
            where tenant_id = :tenantId and revoked_at is null
            order by id desc
            limit :limit
            """;

    static final String LIST_AFTER = "select " + LIST_COLUMNS + """
             from api_key
            where tenant_id = :tenantId and revoked_at is null and id < :after
            order by id desc
            limit :limit
            """;

    static final String REVOKE = """
            update api_key
               set revoked_at = :now
             where tenant_id = :tenantId and id = :id and revoked_at is null
            """;

    private ApiKeySql() {
    }
}
