package io.chronohook.audit;

/** Named SQL for the audit_event table. */
final class AuditSql {

    private static final String INSERT_COLUMNS = """
            insert into audit_event (id, tenant_id, occurred_at, actor_type, actor_id, action, target_type, target_id, details)
            """;

    /** An event's values; their names are the audit's own, so that a statement of another module can carry them. */
    private static final String VALUES = """
            :auditId, :tenantId, :auditAt, :auditActorType, :auditActorId, :auditAction, :auditTargetType,
            :auditTargetId, :auditDetails
            """;

    static final String INSERT = INSERT_COLUMNS + "values (" + VALUES + ")";

    /**
     * The insert of several events of one tenant and one action, their own parts as arrays with an element per event
     * ({@code :auditIds}, {@code :auditActorTypes}, {@code :auditActorIds}, {@code :auditTargetIds},
     * {@code :auditDetails} as JSON text), made only if the named part ({@code with} query) {@code condition} of the
     * statement it is part of has a row.
     */
    static String insertEachIf(String condition) {
        return INSERT_COLUMNS + """
                select a.id, :tenantId, :auditAt, a.actor_type, a.actor_id, :auditAction, :auditTargetType,
                       a.target_id, cast(a.details as jsonb)
                  from unnest(cast(:auditIds as uuid[]), cast(:auditActorTypes as text[]),
                              cast(:auditActorIds as text[]), cast(:auditTargetIds as text[]),
                              cast(:auditDetails as text[]))
                       as a(id, actor_type, actor_id, target_id, details)
                """ + " where exists (select from " + condition + ")\n";
    }

    /** The insert of one event for each row of a named part ({@code with} query) of the statement it is part of. */
    static String insertForEachRowOf(String source) {
        return INSERT_COLUMNS + "select " + VALUES + " from " + source;
    }

    /**
     * Events with who made them as people know them: a member's email, an API key's name (still there after the member
     * or key is gone: null then). Actor ids are prefixed ({@code mem_…}, {@code key_…}) hex of the row's uuid.
     */
    private static final String SELECT = """
            select a.id, a.occurred_at, a.actor_type, a.actor_id, a.action, a.target_type, a.target_id, a.details,
                   m.email as actor_email, k.name as actor_name
              from audit_event a
              left join member m on a.actor_type = 'member' and m.tenant_id = a.tenant_id
                   and m.id = case when a.actor_id ~ '^mem_[0-9a-f]{32}$' then cast(substr(a.actor_id, 5) as uuid) end
              left join api_key k on a.actor_type = 'api_key' and k.tenant_id = a.tenant_id
                   and k.id = case when a.actor_id ~ '^key_[0-9a-f]{32}$' then cast(substr(a.actor_id, 5) as uuid) end
            """;

    static final String LIST_FIRST = SELECT + """
             where a.tenant_id = :tenantId
             order by a.id desc
             limit :limit
            """;

    static final String LIST_AFTER = SELECT + """
             where a.tenant_id = :tenantId and a.id < :after
             order by a.id desc
             limit :limit
            """;

    /** Forgets events recorded before an id (the smallest id of a moment), a slice at a time. */
    static final String PURGE = """
            delete from audit_event
             where id in (select id from audit_event where id < :before limit :limit)
            """;

    private AuditSql() {
    }
}
