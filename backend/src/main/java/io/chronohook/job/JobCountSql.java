package io.chronohook.job;

/** Named SQL of the per-tenant count of live jobs (active or paused), kept in stripes ({@link JobCounter}). */
final class JobCountSql {

    /** Adds one job to a stripe no other transaction holds; no row when the tenant has none free (or none yet). */
    static final String TAKE_FREE_STRIPE = """
            with free as (
                select stripe from job_count where tenant_id = :tenantId limit 1 for update skip locked
            )
            update job_count c set live = c.live + 1
              from free
             where c.tenant_id = :tenantId and c.stripe = free.stripe
            returning c.stripe
            """;

    /** Adds one job to the given stripe, waiting for it if another transaction holds it; no row if it is not made. */
    static final String TAKE_STRIPE = """
            update job_count set live = live + 1 where tenant_id = :tenantId and stripe = :stripe returning stripe
            """;

    /** The tenant's live jobs (this transaction's own additions included) and how many stripes it has. */
    static final String TOTAL = """
            select coalesce(sum(live), 0) as live, count(*) as stripes from job_count where tenant_id = :tenantId
            """;

    /** Makes the tenant's stripes if it has none yet. */
    static final String MAKE_STRIPES = """
            insert into job_count (tenant_id, stripe, live)
            select :tenantId, stripe, 0 from generate_series(0, :stripes - 1) as g(stripe)
            on conflict (tenant_id, stripe) do nothing
            """;

    /** Takes every stripe of the tenant, in stripe order (so that two such transactions never wait in a circle). */
    static final String TAKE_ALL_STRIPES = """
            select stripe from job_count where tenant_id = :tenantId order by stripe for update
            """;

    /**
     * Adds jobs if the tenant's total stays within its limit; run while holding every stripe, so that the total read
     * here (committed when the statement starts) is the whole truth.
     */
    static final String ADD_WITHIN_LIMIT = """
            update job_count set live = live + :count
             where tenant_id = :tenantId and stripe = 0
               and (select sum(live) from job_count where tenant_id = :tenantId) + :count <= :max
            """;

    /** Takes jobs off the count, on a free stripe; no row when none is free. */
    static final String REMOVE_ON_FREE_STRIPE = """
            with free as (
                select stripe from job_count where tenant_id = :tenantId limit 1 for update skip locked
            )
            update job_count c set live = c.live - :count
              from free
             where c.tenant_id = :tenantId and c.stripe = free.stripe
            """;

    /** Takes jobs off the count on the first stripe, waiting for it if it is held (or making it). */
    static final String REMOVE_ON_FIRST_STRIPE = """
            insert into job_count (tenant_id, stripe, live) values (:tenantId, 0, - :count)
            on conflict (tenant_id, stripe) do update set live = job_count.live + excluded.live
            """;

    private JobCountSql() {
    }
}
