package io.chronohook.audit;

/** Named SQL for the audit_event table. */
final class AuditSql {

    static final String INSERT = """
            insert into audit_event (id, tenant_id, occurred_at, actor_type, actor_id, action, target_type, target_id, details)
            values (:id, :tenantId, :at, :actorType, :actorId, :action, :targetType, :targetId, :details)
            """;

    static final String LIST_FIRST = """
            select id, occurred_at, actor_type, actor_id, action, target_type, target_id, details
              from audit_event
             where tenant_id = :tenantId
             order by id desc
             limit :limit
            """;

    static final String LIST_AFTER = """
            select id, occurred_at, actor_type, actor_id, action, target_type, target_id, details
              from audit_event
             where tenant_id = :tenantId and id < :after
             order by id desc
             limit :limit
            """;

    private AuditSql() {
    }
}
