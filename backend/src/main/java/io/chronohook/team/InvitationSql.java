package io.chronohook.team;

/** Named SQL for the invitation table. */
final class InvitationSql {

    private static final String COLUMNS =
            "id, tenant_id, email, role, invited_by, created_at, expires_at, accepted_at, revoked_at";

    static final String INSERT = """
            insert into invitation (id, tenant_id, email, role, token_hash, invited_by, created_at, expires_at)
            values (:id, :tenantId, :email, :role, :tokenHash, :invitedBy, :createdAt, :expiresAt)
            """;

    /** A newer invitation to the same person replaces the open ones: one working link per person and tenant. */
    static final String REVOKE_OPEN_FOR_EMAIL = """
            update invitation
               set revoked_at = :now
             where tenant_id = :tenantId and email = :email and accepted_at is null and revoked_at is null
            """;

    /** The tenant's invitations made since {@code :since}: how many, and when the oldest of them was made. */
    static final String RECENT = """
            select count(*) as made, min(created_at) as oldest
              from invitation
             where tenant_id = :tenantId and created_at > :since
            """;

    /** Open invitations: neither accepted nor revoked (expired ones included, shown as such). */
    static final String LIST_FIRST = "select " + COLUMNS + """
             from invitation
            where tenant_id = :tenantId and accepted_at is null and revoked_at is null
            order by id desc
            limit :limit
            """;

    static final String LIST_AFTER = "select " + COLUMNS + """
             from invitation
            where tenant_id = :tenantId and accepted_at is null and revoked_at is null and id < :after
            order by id desc
            limit :limit
            """;

    /** Invitations that expired before {@code :before}, accepted, revoked or never used; a batch at a time. */
    static final String PURGE = """
            delete from invitation
             where id in (select id
                            from invitation
                           where expires_at < :before
                           order by expires_at
                           limit :batch)
            """;

    static final String FIND = "select " + COLUMNS + """
             from invitation
            where tenant_id = :tenantId and id = :id
            """;

    /** Unscoped by design: the token is the only thing the accepting person has; locked until the accept commits. */
    static final String FIND_BY_TOKEN_FOR_UPDATE = "select " + COLUMNS + """
             from invitation
            where token_hash = :tokenHash
              for update
            """;

    /** Compare-and-set: zero rows when it was accepted or revoked meanwhile. */
    static final String REVOKE = """
            update invitation
               set revoked_at = :now
             where tenant_id = :tenantId and id = :id and accepted_at is null and revoked_at is null
            """;

    static final String ACCEPT = """
            update invitation
               set accepted_at = :now, member_id = :memberId
             where id = :id and accepted_at is null and revoked_at is null and expires_at > :now
            """;

    private InvitationSql() {
    }
}
