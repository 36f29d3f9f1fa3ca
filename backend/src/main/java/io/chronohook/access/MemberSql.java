package io.chronohook.access;

/** Named SQL for the member table. */
final class MemberSql {

    static final String INSERT = """
            insert into member (id, tenant_id, email, password_hash, role, created_at)
            values (:id, :tenantId, :email, :passwordHash, :role, :createdAt)
            """;

    /** Unscoped by design: sign-in finds the tenant from the email address. */
    static final String FIND_BY_EMAIL = """
            select id, tenant_id, email, password_hash, role
              from member
             where email = :email
            """;

    static final String FIND = """
            select id, tenant_id, email, password_hash, role, created_at
              from member
             where tenant_id = :tenantId and id = :id
            """;

    static final String EXISTS_EMAIL = "select 1 from member where email = :email";

    static final String LIST_FIRST = """
            select id, tenant_id, email, password_hash, role, created_at
              from member
             where tenant_id = :tenantId
             order by id desc
             limit :limit
            """;

    static final String LIST_AFTER = """
            select id, tenant_id, email, password_hash, role, created_at
              from member
             where tenant_id = :tenantId and id < :after
             order by id desc
             limit :limit
            """;

    /**
     * Locks the tenant's owners for the rest of the transaction and counts them: two owners demoting or removing each
     * other at once are serialised here, so the last owner cannot slip away between a count and a write.
     */
    static final String LOCK_OWNERS = """
            select id
              from member
             where tenant_id = :tenantId and role = 'owner'
               for update
            """;

    /** Compare-and-set: zero rows when the member is gone or its role changed meanwhile. */
    static final String SET_ROLE = """
            update member
               set role = :role
             where tenant_id = :tenantId and id = :id and role = :expected
            """;

    static final String DELETE = """
            delete from member
             where tenant_id = :tenantId and id = :id and role = :expected
            """;

    private MemberSql() {
    }
}
