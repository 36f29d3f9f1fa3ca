package io.chronohook.running;

/**
 * Named SQL of long-running work. Every state write is a compare-and-set on the run's state and attempt; the
 * statements that look for running runs by state alone read from {@code :floor}, the lowest id an open run may have
 * ({@link io.chronohook.history.OpenRunsFloor}), up to {@code :ceiling} ({@link io.chronohook.history.RunIdBounds}),
 * so that Postgres plans neither the finished history nor the partitions made ahead. Runs in flight written by id
 * compare their state with {@code (select 'delivering')}, so that they are found by primary key (see
 * {@code RunSql}).
 */
final class RunningSql {

    /**
     * Records the run tokens issued to claimed runs of long-running jobs (their SHA-256), if each run is still in the
     * attempt it was claimed for.
     */
    static final String ISSUE_TOKENS = """
            update run r
               set token_hash = u.token_hash
              from unnest(cast(:ids as uuid[]), cast(:attempts as int[]), cast(:hashes as text[]))
                   as u(id, attempt, token_hash)
             where r.id = u.id and r.id = any(cast(:ids as uuid[])) and r.state = (select 'delivering')
               and r.attempt = u.attempt
            """;

    /** A run as a heartbeat, completion or failure needs it, with its job's retry policy and its plan's limits. */
    static final String FIND = """
            select r.id, r.tenant_id, r.job_id, r.state, r.attempt, r.attempt_base, r.scheduled_for, r.token_hash,
                   j.delivery_semantics, j.retry_max_attempts, j.retry_initial_delay_ms, j.retry_max_delay_ms,
                   j.retry_max_window_ms, j.long_running_max_ms, p.max_checkpoint_bytes
              from run r
              join job j on j.id = r.job_id
              join tenant t on t.id = r.tenant_id
              join plan p on p.code = t.plan_code
             where r.id = :id
            """;

    /** The token hash an earlier attempt of a run was issued (null when it had none). */
    static final String ATTEMPT_TOKEN = """
            select token_hash from attempt where run_id = :id and number = :number
            """;

    /**
     * A heartbeat: the last progress and checkpoint are kept, and a running run's deadline moves a heartbeat timeout
     * ahead (never past the attempt's longest duration). Accepted while the attempt is still being delivered too
     * (the receiver may report before its 202 is recorded).
     */
    static final String HEARTBEAT = """
            with before as (select heartbeat_at from run where id = :id and tenant_id = :tenantId)
            update run r
               set heartbeat_at = :now,
                   lease_until = case when r.state = 'running'
                                      then least(:now + j.long_running_heartbeat_ms * interval '1 millisecond',
                                                 r.running_deadline)
                                      else r.lease_until end,
                   progress = coalesce(cast(:progress as real), r.progress),
                   progress_message = coalesce(cast(:message as text), r.progress_message),
                   checkpoint = coalesce(cast(:checkpoint as text), r.checkpoint),
                   updated_at = :now
              from job j
             where r.id = :id and r.tenant_id = :tenantId and r.state in ('delivering', 'running')
               and r.attempt = :attempt and j.id = r.job_id
            returning r.state, r.lease_until, r.running_deadline, (select heartbeat_at from before) as previous
            """;

    /** Runs running across the installation, for the gauge (over the partial lease index). */
    static final String COUNT_RUNNING =
            "select count(*) as running from run where state = 'running' and id >= :floor and id < :ceiling";

    /**
     * Ends the attempt in flight: succeeded (with its result), retry_wait (due at {@code :nextDue}) or dead; the token
     * is revoked with it.
     */
    static final String END = """
            update run r
               set state = :state,
                   due_at = coalesce(cast(:nextDue as timestamptz), r.due_at),
                   finished_at = case when :state in ('succeeded', 'dead') then cast(:now as timestamptz) end,
                   first_attempt_at = coalesce(r.first_attempt_at, r.claimed_at),
                   last_error = cast(:error as text),
                   result = coalesce(cast(:result as text), r.result),
                   progress = case when :state = 'succeeded' then 1 else r.progress end,
                   token_hash = null, lease_until = null, updated_at = :now
             where r.id = :id and r.tenant_id = :tenantId and r.state in ('delivering', 'running')
               and r.attempt = :attempt
            returning r.id, r.tenant_id, r.state, r.due_at, r.flow_key, r.priority
            """;

    /** How a long-running attempt ended, on its attempt row (absent while its 202 is not yet recorded). */
    static final String END_ATTEMPT = """
            update attempt
               set running_end = :end, running_until = :now, running_error = cast(:error as text)
             where run_id = :id and number = :attempt and running_end is null
            """;

    /** Running runs whose heartbeat deadline (or longest duration) passed, oldest deadline first. */
    static final String TIMED_OUT = """
            select r.id, r.tenant_id, r.attempt, r.lease_until, r.running_deadline
              from run r
             where r.state = 'running' and r.lease_until < :now and r.id >= :floor and r.id < :ceiling
             order by r.lease_until
             limit :limit
            """;

    private RunningSql() {
    }
}
