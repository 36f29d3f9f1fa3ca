package io.chronohook.schedule;

/** Named SQL of the planner: the due slice of the job table, and advancing it. */
final class PlannerSql {

    /** Locks the due slice; other instances skip the locked rows and take the next ones (leaderless). */
    static final String LOCK_DUE_JOBS = """
            select id, tenant_id, schedule, spread_ms, next_fire_at, runs_planned, missed_run_policy, backfill_limit
              from job
             where state = 'active' and next_fire_at is not null and next_fire_at <= :horizon
             order by next_fire_at
             limit :limit
               for update skip locked
            """;

    /**
     * Moves each planned job to its next occurrence. A job without one keeps its state until its last run finished
     * (the job completer ends it then); this is bookkeeping, not a change of the definition, so updated_at stays.
     */
    static final String ADVANCE_JOBS = """
            update job j
               set next_fire_at = timestamptz 'epoch' + u.next_us * interval '1 microsecond',
                   runs_planned = j.runs_planned + u.planned
              from unnest(cast(:ids as uuid[]), cast(:nextUs as bigint[]), cast(:planned as int[]))
                   as u(id, next_us, planned)
             where j.id = u.id
            """;

    private PlannerSql() {
    }
}
