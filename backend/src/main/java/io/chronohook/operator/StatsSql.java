package io.chronohook.operator;

/**
 * Named SQL of the operator's live figures, over the run and attempt tables of every tenant. Each scan is bounded:
 * by an id floor on a primary key (run ids are time-ordered), or by a partial index and a cap.
 */
final class StatsSql {

    /**
     * Among runs created since the id floor: the fire lag ({@code first_attempt_at - scheduled_for}, in ms) of those
     * first attempted in {@code [since, until)}, and how many reached {@code succeeded} in it.
     */
    static final String RECENT_RUNS = """
            select count(*) filter (where fired) as samples,
                   percentile_cont(array[0.5, 0.9, 0.99]) within group (order by lag_ms) filter (where fired) as lag_ms,
                   max(lag_ms) filter (where fired) as max_lag_ms,
                   count(*) filter (where delivered) as delivered
              from (select first_attempt_at >= :since and first_attempt_at < :until as fired,
                           state = 'succeeded' and finished_at >= :since and finished_at < :until as delivered,
                           cast(extract(epoch from first_attempt_at - scheduled_for) * 1000 as double precision)
                               as lag_ms
                      from run
                     where id >= :idFloor and (first_attempt_at >= :since or finished_at >= :since)) r
            """;

    /** Attempts of runs created since the id floor that finished in {@code [since, until)}, per outcome. */
    static final String RECENT_ATTEMPTS = """
            select outcome, count(*) as attempts
              from attempt
             where run_id >= :idFloor and finished_at >= :since and finished_at < :until
             group by outcome
            """;

    /** Runs waiting for their next attempt, counted up to {@code :cap} (over {@code run_due_idx}). */
    static final String RETRY_WAIT = """
            select count(*) from (select 1 from run where state = 'retry_wait' limit :cap) r
            """;

    /** Dead runs, counted up to {@code :cap} (an index-only scan of {@code run_tenant_dead_id_idx}). */
    static final String DEAD = """
            select count(*) from (select 1 from run where state = 'dead' limit :cap) r
            """;

    private StatsSql() {
    }
}
