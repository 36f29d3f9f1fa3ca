package io.chronohook.job;

/** Named SQL of the per-tenant count of live jobs (active or paused), kept in stripes ({@link JobCounter}). */
final class JobCountSql {

    /**
     * The first part ({@code with} query {@code counted}) of a statement that makes {@code count} jobs: added to a
     * stripe that no other transaction holds and whose cap leaves room for them, the caps being shared out for the
     * limit {@code max}; no row when there is none. The cap is checked on the locked row as last committed.
     */
    static final String COUNTED_ON_FREE_STRIPE = """
            with free as (
                select stripe from job_count
                 where tenant_id = :tenantId and cap_for = :max and live + :count <= cap
                 limit 1 for update skip locked
            ), counted as (
                update job_count c set live = c.live + :count
                  from free
                 where c.tenant_id = :tenantId and c.stripe = free.stripe
                returning c.stripe
            )""";

    /** Adds {@code count} jobs on a free stripe with room for them ({@link #COUNTED_ON_FREE_STRIPE}): 1 if it did. */
    static final String ADD_ON_FREE_STRIPE = COUNTED_ON_FREE_STRIPE + """

            select count(*) as added from counted
            """;

    /**
     * As {@link #COUNTED_ON_FREE_STRIPE}, on the given stripe, waiting for it if another transaction holds it (its cap
     * is checked once it is free); no row when it is at its cap.
     */
    static final String COUNTED_ON_STRIPE = """
            with counted as (
                update job_count set live = live + 1
                 where tenant_id = :tenantId and stripe = :stripe and cap_for = :max and live < cap
                returning stripe
            )""";

    /** The tenant's live jobs (this transaction's own additions included) and how many stripes it has. */
    static final String TOTAL = """
            select coalesce(sum(live), 0) as live, count(*) as stripes from job_count where tenant_id = :tenantId
            """;

    /** How many of the tenant's stripes are missing or have their caps shared out for another limit than :max. */
    static final String NOT_SHARED_FOR = """
            select :stripes - count(*) filter (where cap_for = :max) as not_shared
              from job_count where tenant_id = :tenantId
            """;

    /**
     * Lets one transaction at a time share a tenant's caps out (until it ends), without holding its stripes: the
     * concurrent first creates that wait here leave the stripes to the creates that find their caps shared.
     */
    static final String LOCK_CAP_SHARING = """
            select pg_advisory_xact_lock(hashtextextended('job_count caps ' || cast(:tenantId as text), 0))
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
     * Adds jobs (to stripe 0) if the tenant's total stays within {@code max}, and shares the room left out over the
     * stripes again: each stripe's cap is its count plus its share, the caps summing to {@code max}. Run while holding
     * every stripe, so that the total read here (committed when the statement starts) is the whole truth. Writes only
     * the stripes that change (from one create to the next, stripe 0 and the one whose share of the room goes): at
     * least one when jobs are added, none when they would not stay within.
     */
    static final String ADD_WITHIN_LIMIT_SHARING_CAPS = """
            with total as materialized (
                select cast(coalesce(sum(live), 0) as bigint) + :count as live, count(*) as stripes
                  from job_count where tenant_id = :tenantId
            ), shared as materialized (
                select c.stripe, c.live + case when c.stripe = 0 then :count else 0 end as live,
                       (:max - t.live) / t.stripes
                         + case when row_number() over (order by c.stripe) <= (:max - t.live) % t.stripes
                                then 1 else 0 end as room
                  from job_count c cross join total t
                 where c.tenant_id = :tenantId and t.live <= :max
            )
            update job_count c set live = s.live, cap = s.live + s.room, cap_for = :max
              from shared s
             where c.tenant_id = :tenantId and c.stripe = s.stripe
               and (c.live, c.cap, c.cap_for) is distinct from (s.live, s.live + s.room, cast(:max as bigint))
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
