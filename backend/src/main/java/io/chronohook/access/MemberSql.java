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
            select id, tenant_id, email, password_hash, role
              from member
             where tenant_id = :tenantId and id = :id
            """;

    static final String EXISTS_EMAIL = "select 1 from member where email = :email";

    private MemberSql() {
    }
}
