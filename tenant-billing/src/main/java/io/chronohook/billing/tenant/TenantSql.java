package io.chronohook.billing.tenant;

/** Named SQL for the tenant table. */
final class TenantSql {

    static final String INSERT = """
            insert into tenant (id, name, plan_code, created_at, updated_at)
            values (:id, :name, :planCode, :now, :now)
            """;

    static final String FIND = """
            select id, name, plan_code, created_at, updated_at
              from tenant
             where id = :id
            """;

    /** Moves a tenant to another plan; returns the plan it was on. */
    static final String SET_PLAN = """
            update tenant t
               set plan_code = :planCode, updated_at = :now
              from (select id, plan_code from tenant where id = :id for update) old
             where t.id = old.id
            returning old.plan_code as previous
            """;

    private TenantSql() {
    }
}
