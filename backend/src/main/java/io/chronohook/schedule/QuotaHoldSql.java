package io.chronohook.schedule;

/** Named SQL of the monthly execution quota: which runs are new executions, holding them, releasing them. */
final class QuotaHoldSql {

    /** Of the given runs, those still in their first state: each would be a new execution. */
    static final String FIRST_TIME = """
            select id from run where id = any(cast(:ids as uuid[])) and state = 'scheduled'
            """;

    /** Holds runs over the quota (SCHEDULED → QUOTA_EXCEEDED, compare-and-set on each row). */
    static final String HOLD = """
            update run set state = 'quota_exceeded', updated_at = :now
             where id = any(cast(:ids as uuid[])) and state = 'scheduled'
            """;

    /**
     * A tenant's executions in the period (which starts at a UTC midnight): those recorded, from the daily usage
     * counters, plus runs whose execution is reserved and not yet recorded (open runs: at or above the open-runs
     * floor and below the runs' ceiling, so that only the partitions that can hold them are planned and read):
     * released runs waiting, over the unexecuted index, and runs in their first attempt, over the in-flight index (a
     * running run has its first attempt's time).
     */
    static final String EXECUTIONS_USED = """
            select (select coalesce(sum(executions), 0) from usage_daily
                     where tenant_id = :tenantId and day >= cast(:from at time zone 'UTC' as date))
                 + (select count(*) from run
                     where id >= :floor and id < :ceiling and tenant_id = :tenantId and first_attempt_at is null
                       and state in ('queued', 'retry_wait'))
                 + (select count(*) from run
                     where id >= :floor and id < :ceiling and tenant_id = :tenantId and first_attempt_at is null
                       and state in ('delivering', 'running')) as used
            """;

    /**
     * Tenants with runs held in the period (one tenant, or all with {@code :tenantId} null), and how many. A run's id
     * carries its scheduled time, so {@code :fromId} (the lowest id of the period's start) leaves the partitions
     * before the period unread.
     */
    static final String HELD = """
            select tenant_id, count(*) as held from run
             where id >= :fromId and state = 'quota_exceeded' and scheduled_for >= :from
               and (cast(:tenantId as uuid) is null or tenant_id = :tenantId)
             group by tenant_id
            """;

    /**
     * Releases up to {@code :limit} of a tenant's held runs of the period, oldest first (QUOTA_EXCEEDED → QUEUED).
     * The rows are picked once, in a CTE: a LIMIT subquery joined into the UPDATE may be scanned again and pick more.
     */
    static final String RELEASE = """
            with held as materialized (
                select id from run
                 where id >= :fromId and tenant_id = :tenantId and state = 'quota_exceeded'
                   and scheduled_for >= :from
                 order by scheduled_for, id
                 limit :limit
                   for update skip locked
            )
            update run r set state = 'queued', due_at = :now, updated_at = :now
              from held
             where r.id = held.id and r.state = 'quota_exceeded'
            returning r.id, r.tenant_id, r.due_at, r.flow_key, r.priority
            """;

    private QuotaHoldSql() {
    }
}
