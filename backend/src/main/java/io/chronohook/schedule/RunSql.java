package io.chronohook.schedule;

/**
 * Named SQL for the run and attempt tables. Times travel as epoch microseconds in arrays (exact, no rounding).
 * Both tables are partitioned by run id (its time is the run's scheduled time): statements that join runs to an
 * array of ids also name the ids as {@code id = any(...)}, so that the planner reads only the partitions they fall
 * in; the tenant-facing lists read from {@code :since}, the start of the tenant's history window; the statements that
 * look for open runs by state alone read from {@code :floor}, the lowest id an open run may have
 * ({@link io.chronohook.history.OpenRunsFloor}), up to {@code :ceiling}, an id above every run's that exists
 * ({@link io.chronohook.history.RunIdBounds}): Postgres then plans neither the finished history nor the partitions
 * made ahead for the days to come (lease rescue planned in 2.1 ms with a week made ahead, in 0.6 ms without).
 *
 * <p>The statements that write a batch of runs by id on the delivery path (claim, outcome, lease) compare their state
 * with a value the planner does not know ({@code (select 'delivering')}), rather than with the literal: given the
 * literal, it may read the whole partial index of runs in that state (in flight, or due) and test each entry against
 * the id array, which it judges cheap from statistics that see few runs in that state, and which grows with every run
 * in it (tens of milliseconds a batch with a backlog of thousands, a slowdown that feeds itself); not knowing the
 * state, it finds the runs by primary key.
 */
final class RunSql {

    /**
     * Many runs in one statement; an occurrence that already has a run is left alone (each partition of the run table
     * holds a unique index on job and scheduled time, and an occurrence always falls in the same partition: its run
     * id carries its scheduled time).
     */
    static final String INSERT_MANY = """
            insert into run (id, tenant_id, job_id, scheduled_for, due_at, state, trigger, skip_reason, finished_at,
                             flow_key, priority, created_at, updated_at)
            select u.id, u.tenant_id, u.job_id,
                   timestamptz 'epoch' + u.scheduled_us * interval '1 microsecond',
                   timestamptz 'epoch' + u.due_us * interval '1 microsecond',
                   u.state, u.trigger, u.skip_reason,
                   case when u.state = 'skipped' then :now end,
                   j.flow_key, j.priority,
                   :now, :now
              from unnest(cast(:ids as uuid[]), cast(:tenantIds as uuid[]), cast(:jobIds as uuid[]),
                          cast(:scheduledUs as bigint[]), cast(:dueUs as bigint[]), cast(:states as text[]),
                          cast(:triggers as text[]), cast(:skipReasons as text[]))
                   as u(id, tenant_id, job_id, scheduled_us, due_us, state, trigger, skip_reason)
              join job j on j.id = u.job_id
            on conflict do nothing
            returning id, tenant_id, state, due_at, flow_key, priority
            """;

    private static final String RUN_COLUMNS = """
            id, tenant_id, job_id, scheduled_for, due_at, state, attempt, trigger, released_at, claimed_at,
            first_attempt_at, finished_at, last_status_code, last_error, trace_id, progress, checkpoint, skip_reason,
            deferred_count, deferred_reason, deferred_host, deferred_at, deferred_until, running_since, heartbeat_at,
            progress_message, lease_until, running_deadline, result
            """;

    static final String FIND = "select " + RUN_COLUMNS + """
              from run
             where tenant_id = :tenantId and id = :id
            """;

    /** The newest of a job's runs from {@code since}; {@code ceiling} is above every run id (no partition ahead read). */
    static final String LIST_FOR_JOB_FIRST = "select " + RUN_COLUMNS + """
              from run
             where tenant_id = :tenantId and job_id = :jobId and id >= :since and id < :ceiling
               and (cast(:state as text) is null or state = :state)
             order by id desc
             limit :limit
            """;

    static final String LIST_FOR_JOB_AFTER = "select " + RUN_COLUMNS + """
              from run
             where tenant_id = :tenantId and job_id = :jobId and id < :after and id >= :since
               and (cast(:state as text) is null or state = :state)
             order by id desc
             limit :limit
            """;

    static final String ATTEMPTS = """
            select number, started_at, first_byte_at, finished_at, status_code, latency_ms, outcome, error_class, error,
                   response_excerpt, trace_id, request_head, response_headers, payload_version, running_end,
                   running_until, running_error
              from attempt
             where tenant_id = :tenantId and run_id = :runId
             order by number
            """;

    /** Cancels a job's runs that have not started delivering (compare-and-set on each row's state). */
    static final String CANCEL_PENDING_OF_JOB = """
            update run
               set state = 'cancelled', finished_at = :now, updated_at = :now
             where tenant_id = :tenantId and job_id = :jobId
               and state in ('scheduled', 'queued', 'retry_wait', 'quota_exceeded')
            """;

    /**
     * Pausing a job: its occurrences planned ahead and not yet released are taken back (deleted, and the job moved
     * back to the first of them, so that resuming plans them again or applies the missed-run policy to those whose
     * time passed); its other runs not yet delivering are cancelled. Returns how many runs were taken back or
     * cancelled.
     */
    static final String PAUSE_PENDING_OF_JOB = """
            with unreleased as (
                delete from run
                 where tenant_id = :tenantId and job_id = :jobId and state = 'scheduled' and trigger = 'schedule'
                returning scheduled_for
            ), first_unreleased as (
                select min(scheduled_for) as first_at, count(*) as planned from unreleased
            ), rewound as (
                update job j
                   set next_fire_at = f.first_at, runs_planned = greatest(0, j.runs_planned - f.planned)
                  from first_unreleased f
                 where j.id = :jobId and j.tenant_id = :tenantId and f.planned > 0
                   and (j.next_fire_at is null or j.next_fire_at > f.first_at)
            ), cancelled as (
                update run
                   set state = 'cancelled', finished_at = :now, updated_at = :now
                 where tenant_id = :tenantId and job_id = :jobId
                   and state in ('scheduled', 'queued', 'retry_wait', 'quota_exceeded')
                   and not (state = 'scheduled' and trigger = 'schedule')
                returning id
            )
            select (select planned from first_unreleased) + (select count(*) from cancelled) as runs
            """;

    /** Cancels a job's runs planned for its old schedule (not yet released) when the schedule changes. */
    static final String CANCEL_SCHEDULED_OF_JOB = """
            update run
               set state = 'cancelled', finished_at = :now, updated_at = :now, skip_reason = 'schedule changed'
             where tenant_id = :tenantId and job_id = :jobId and state = 'scheduled' and trigger = 'schedule'
            """;

    /**
     * Cancels one run if it is not being delivered and has not finished: a running run too, whose token is revoked
     * (its receiver's next heartbeat gets 410) and whose attempt is noted cancelled.
     */
    static final String CANCEL = """
            with cancelled as (
                update run
                   set state = 'cancelled', finished_at = :now, updated_at = :now, token_hash = null, lease_until = null
                 where tenant_id = :tenantId and id = :id
                   and state in ('scheduled', 'queued', 'retry_wait', 'quota_exceeded', 'running')
                returning id, attempt, running_since
            ), noted as (
                update attempt a
                   set running_end = 'cancelled', running_until = :now, running_error = 'the run was cancelled'
                  from cancelled c
                 where a.run_id = c.id and a.run_id = :id and a.number = c.attempt and c.running_since is not null
                   and a.status_code = 202 and a.running_end is null
            )
            select id from cancelled
            """;

    /** Runs the gate should hold (live, due before the horizon), in keyset pages; rebuilds the gate from Postgres. */
    static final String LIVE_DUE_BEFORE = """
            select id, tenant_id, due_at, flow_key, priority
              from run
             where state in ('scheduled', 'queued', 'retry_wait') and due_at <= :horizon
               and id >= :floor and id < :ceiling
               and (due_at, id) > (:afterDue, :afterId)
             order by due_at, id
             limit :limit
            """;

    /** Live runs overdue by more than a threshold: lost between the gate and a claim, to be offered again. */
    static final String OVERDUE = """
            select id, tenant_id, due_at, flow_key, priority
              from run
             where state in ('scheduled', 'queued', 'retry_wait') and due_at < :before
               and id >= :floor and id < :ceiling
             order by due_at
             limit :limit
            """;

    /**
     * Claims released runs for delivery: the gate's release and the claim in one compare-and-set per row
     * (SCHEDULED/QUEUED/RETRY_WAIT → DELIVERING), with a lease covering the job's timeout. Returns what delivery needs.
     */
    static final String CLAIM = claim("");

    /**
     * {@link #CLAIM} for the runs of jobs that allow overlap only: what a claim takes first, with no look at the runs
     * in flight. The runs it leaves are those of jobs that may not overlap (and runs no longer waiting).
     */
    static final String CLAIM_OVERLAP_ALLOWED = claim(" and j.overlap_policy = 'allow'");

    private static String claim(String jobCondition) {
        return """
            update run r
               set state = 'delivering', attempt = r.attempt + 1,
                   released_at = coalesce(r.released_at, timestamptz 'epoch' + u.released_us * interval '1 microsecond'),
                   claimed_at = :now, claimed_by = :node, lease_until = :now + (j.timeout_ms + :leaseMarginMs) * interval '1 millisecond',
                   updated_at = :now
              from unnest(cast(:ids as uuid[]), cast(:releasedUs as bigint[])) as u(id, released_us), job j
             where r.id = u.id and r.id = any(cast(:ids as uuid[]))
               and r.state = any(cast((select array['scheduled', 'queued', 'retry_wait']) as text[]))
               and r.due_at <= :dueBy and j.id = r.job_id and j.state in ('active', 'completed')"""
                + jobCondition + "\n" + """
            returning r.id, r.tenant_id, r.job_id, r.scheduled_for, r.attempt, r.attempt_base, r.released_at,
                      j.url, j.method, j.content_type, j.headers_sealed, j.body_sealed, j.key_id, j.timeout_ms,
                      j.delivery_semantics, j.retry_max_attempts, j.retry_initial_delay_ms, j.retry_max_delay_ms,
                      j.retry_max_window_ms, j.payload_version, j.long_running_max_ms, j.long_running_heartbeat_ms,
                      case when j.long_running_max_ms is not null then r.checkpoint end as checkpoint, j.flow_key,
                      j.next_fire_at is null as last_occurrence, r.due_at
            """;
    }

    /** Keeps runs leased to their node while their outcomes wait to be written (never shortens a lease). */
    static final String EXTEND_LEASES = """
            update run
               set lease_until = greatest(lease_until, :until)
             where id = any(cast(:ids as uuid[])) and state = (select 'delivering') and claimed_by = :node
            """;

    /**
     * Adds the attempts the enclosing statement inserted (its {@code counted_attempts}) to the tenants' daily usage:
     * executions (attempts numbered 1) by the day they started, attempts and bytes sent by the day they finished.
     * Rows are taken in key order, so two nodes adding to the same tenants never wait on each other in a circle.
     */
    private static final String ADD_USAGE = """
            insert into usage_daily (tenant_id, day, executions, attempts, egress_bytes)
            select tenant_id, day, sum(executions), sum(attempts), sum(egress)
              from (select tenant_id, cast(started_at at time zone 'UTC' as date) as day, 1 as executions,
                           0 as attempts, 0 as egress
                      from counted_attempts where number = 1
                    union all
                    select tenant_id, cast(finished_at at time zone 'UTC' as date), 0, 1, coalesce(request_bytes, 0)
                      from counted_attempts) as counts
             group by tenant_id, day
             order by tenant_id, day
            on conflict (tenant_id, day) do update
               set executions = usage_daily.executions + excluded.executions,
                   attempts = usage_daily.attempts + excluded.attempts,
                   egress_bytes = usage_daily.egress_bytes + excluded.egress_bytes
            """;

    /**
     * Records attempts and counts them into usage; a duplicate (late outcome of a rescued attempt) is ignored and not
     * counted.
     */
    static final String INSERT_ATTEMPTS = """
            with counted_attempts as (
                insert into attempt (run_id, number, tenant_id, started_at, first_byte_at, finished_at, status_code,
                                     latency_ms, outcome, error_class, error, response_excerpt, trace_id, target_host,
                                     request_head, response_headers, payload_version, request_bytes)
                select u.run_id, u.number, u.tenant_id,
                       timestamptz 'epoch' + u.started_us * interval '1 microsecond',
                       timestamptz 'epoch' + u.first_byte_us * interval '1 microsecond',
                       timestamptz 'epoch' + u.finished_us * interval '1 microsecond',
                       u.status_code, u.latency_ms, u.outcome, u.error_class, u.error, u.excerpt, u.trace_id, u.host,
                       u.request_head, u.response_headers, u.payload_version, u.request_bytes
                  from unnest(cast(:runIds as uuid[]), cast(:numbers as int[]), cast(:tenantIds as uuid[]),
                              cast(:startedUs as bigint[]), cast(:firstByteUs as bigint[]), cast(:finishedUs as bigint[]),
                              cast(:statusCodes as int[]), cast(:latencies as int[]), cast(:outcomes as text[]),
                              cast(:errorClasses as text[]), cast(:errors as text[]), cast(:excerpts as text[]),
                              cast(:traceIds as text[]), cast(:hosts as text[]), cast(:requestHeads as text[]),
                              cast(:responseHeaders as text[]), cast(:payloadVersions as int[]),
                              cast(:requestBytes as int[]))
                       as u(run_id, number, tenant_id, started_us, first_byte_us, finished_us, status_code, latency_ms,
                            outcome, error_class, error, excerpt, trace_id, host, request_head, response_headers,
                            payload_version, request_bytes)
                on conflict (run_id, number) do nothing
                returning tenant_id, number, started_at, finished_at, request_bytes
            )
            """ + ADD_USAGE;

    /**
     * Ends attempts: DELIVERING → the outcome's state, only if the run is still in the attempt that was made
     * (compare-and-set on state and attempt number), so a late outcome cannot overwrite a newer state. An attempt that
     * never went out (an open circuit) gives its number back and records why the run was held back, and until when.
     */
    static final String FINISH_ATTEMPTS = """
            update run r
               set state = u.state,
                   attempt = case when u.counted then r.attempt else r.attempt - 1 end,
                   due_at = coalesce(timestamptz 'epoch' + u.next_due_us * interval '1 microsecond', r.due_at),
                   first_attempt_at = case when u.counted then coalesce(r.first_attempt_at,
                                          timestamptz 'epoch' + u.started_us * interval '1 microsecond')
                                      else r.first_attempt_at end,
                   finished_at = case when u.state in ('succeeded', 'dead')
                                      then timestamptz 'epoch' + u.finished_us * interval '1 microsecond' end,
                   last_status_code = case when u.counted then u.status_code else r.last_status_code end,
                   last_error = case when u.counted then u.error else r.last_error end,
                   trace_id = case when u.counted then u.trace_id else r.trace_id end,
                   deferred_count = case when u.counted then r.deferred_count else r.deferred_count + 1 end,
                   deferred_reason = case when u.counted then r.deferred_reason else u.error_class end,
                   deferred_host = case when u.counted then r.deferred_host else u.host end,
                   deferred_at = case when u.counted then r.deferred_at
                                      else timestamptz 'epoch' + u.finished_us * interval '1 microsecond' end,
                   deferred_until = case when u.counted then r.deferred_until
                                         else timestamptz 'epoch' + u.next_due_us * interval '1 microsecond' end,
                   lease_until = null, token_hash = null, updated_at = :now
              from unnest(cast(:ids as uuid[]), cast(:attempts as int[]), cast(:states as text[]),
                          cast(:nextDueUs as bigint[]), cast(:startedUs as bigint[]), cast(:finishedUs as bigint[]),
                          cast(:statusCodes as int[]), cast(:errors as text[]), cast(:traceIds as text[]),
                          cast(:counted as boolean[]), cast(:errorClasses as text[]), cast(:hosts as text[]))
                   as u(id, attempt, state, next_due_us, started_us, finished_us, status_code, error, trace_id, counted,
                        error_class, host)
             where r.id = u.id and r.id = any(cast(:ids as uuid[])) and r.state = (select 'delivering')
               and r.attempt = u.attempt
            returning r.id, r.tenant_id, r.state, r.due_at, r.flow_key, r.priority
            """;

    /**
     * Attempts a long-running job's receiver accepted (202): DELIVERING → RUNNING, compare-and-set on state and attempt
     * number. The lease becomes the heartbeat deadline (never past the attempt's longest duration, counted from when
     * the attempt started); the attempt row keeps the hash of the token it was issued, so that a late report with it
     * is told superseded rather than wrong.
     */
    static final String START_RUNNING = """
            with started as (
                update run r
                   set state = 'running',
                       first_attempt_at = coalesce(r.first_attempt_at,
                                                   timestamptz 'epoch' + u.started_us * interval '1 microsecond'),
                       last_status_code = u.status_code, last_error = null, trace_id = u.trace_id,
                       running_since = :now, heartbeat_at = :now,
                       running_deadline = timestamptz 'epoch' + u.started_us * interval '1 microsecond'
                                          + j.long_running_max_ms * interval '1 millisecond',
                       lease_until = least(:now + j.long_running_heartbeat_ms * interval '1 millisecond',
                                           timestamptz 'epoch' + u.started_us * interval '1 microsecond'
                                           + j.long_running_max_ms * interval '1 millisecond'),
                       progress = null, progress_message = null, updated_at = :now
                  from unnest(cast(:ids as uuid[]), cast(:attempts as int[]), cast(:startedUs as bigint[]),
                              cast(:statusCodes as int[]), cast(:traceIds as text[]))
                       as u(id, attempt, started_us, status_code, trace_id), job j
                 where r.id = u.id and r.id = any(cast(:ids as uuid[])) and r.state = (select 'delivering')
                   and r.attempt = u.attempt and j.id = r.job_id and j.long_running_max_ms is not null
                returning r.id, r.attempt, r.token_hash
            ), tokens as (
                update attempt a
                   set token_hash = s.token_hash
                  from started s
                 where a.run_id = s.id and a.run_id = any(cast(:ids as uuid[])) and a.number = s.attempt
            )
            select id from started
            """;

    /**
     * Returns runs whose lease expired or whose node is dead or stopped (it died, or stopped before it could record
     * them) to the queue, same run id, the lost attempt
     * counted, recorded and added to usage; dead instead when the attempt budget is spent or the job is at-most-once.
     */
    static final String RESCUE_EXPIRED_LEASES = """
            with expired as (
                select id from run
                 where state = 'delivering' and id >= :floor and id < :ceiling
                   and (lease_until < :now
                        or claimed_by in (select id from node where state = 'stopped' or heartbeat_at < :deadBefore))
                 order by lease_until
                 limit :limit
                   for update skip locked
            ), moved as (
                update run r
                   set state = case when j.delivery_semantics = 'at_most_once'
                                      or r.attempt - r.attempt_base >= j.retry_max_attempts
                                    then 'dead' else 'queued' end,
                       due_at = :now, lease_until = null, token_hash = null, updated_at = :now,
                       last_status_code = null, last_error = :error,
                       first_attempt_at = coalesce(r.first_attempt_at, r.claimed_at),
                       finished_at = case when j.delivery_semantics = 'at_most_once'
                                            or r.attempt - r.attempt_base >= j.retry_max_attempts
                                          then :now end
                  from expired e, job j
                 where r.id = e.id and j.id = r.job_id and r.state = 'delivering'
                   and r.id >= :floor and r.id < :ceiling
                returning r.id, r.tenant_id, r.state, r.due_at, r.attempt, r.claimed_at, r.flow_key, r.priority
            ), counted_attempts as (
                insert into attempt (run_id, number, tenant_id, started_at, finished_at, outcome, error_class, error)
                select id, attempt, tenant_id, coalesce(claimed_at, :now), :now, 'lost', 'lease_expired', :error
                  from moved
                on conflict (run_id, number) do nothing
                returning tenant_id, number, started_at, finished_at, request_bytes
            ), usage as (
            """ + ADD_USAGE + """
            )
            select id, tenant_id, state, due_at, attempt, flow_key, priority from moved
            """;

    static final String DEAD_FIRST = "select " + RUN_COLUMNS + """
              from run
             where tenant_id = :tenantId and state = 'dead' and id >= :since
               and (cast(:jobId as uuid) is null or job_id = cast(:jobId as uuid))
             order by id desc
             limit :limit
            """;

    static final String DEAD_AFTER = "select " + RUN_COLUMNS + """
              from run
             where tenant_id = :tenantId and state = 'dead' and id < :after and id >= :since
               and (cast(:jobId as uuid) is null or job_id = cast(:jobId as uuid))
             order by id desc
             limit :limit
            """;

    /**
     * Replays dead runs (DEAD → QUEUED, compare-and-set): same run id, due now, a fresh retry budget
     * ({@code attempt_base} moves to the attempts made so far). Returns the runs replayed, to offer to the gate.
     */
    static final String REPLAY = """
            update run
               set state = 'queued', due_at = :now, attempt_base = attempt, finished_at = null, updated_at = :now
             where tenant_id = :tenantId and id = any(cast(:ids as uuid[])) and state = 'dead'
            returning id, tenant_id, due_at, flow_key, priority
            """;

    /**
     * The dead runs a bulk replay covers: of one job and/or finished within a time range; in id order, after and up
     * to given ids when a replay goes on where it stopped.
     */
    static final String DEAD_IDS = """
            select id from run
             where tenant_id = :tenantId and state = 'dead' and id >= :since
               and (cast(:after as uuid) is null or id > cast(:after as uuid))
               and (cast(:upTo as uuid) is null or id <= cast(:upTo as uuid))
               and (cast(:jobId as uuid) is null or job_id = cast(:jobId as uuid))
               and (cast(:from as timestamptz) is null or finished_at >= cast(:from as timestamptz))
               and (cast(:to as timestamptz) is null or finished_at < cast(:to as timestamptz))
             order by id
             limit :limit
            """;

    /**
     * Of the given runs (not yet delivering), those whose job does not allow overlap, with the job's policy and the
     * run's due time.
     */
    static final String MAY_NOT_OVERLAP = """
            select r.id, r.job_id, j.overlap_policy, r.due_at
              from run r join job j on j.id = r.job_id
             where r.id = any(cast(:ids as uuid[])) and j.overlap_policy <> 'allow'
               and r.state in ('scheduled', 'queued')
            """;

    /**
     * Of the given jobs, those with a run in flight (delivering, or running for a long-running receiver), over the
     * in-flight partial index: a backlog of runs waiting does not slow it down.
     */
    static final String IN_FLIGHT_JOBS = """
            select distinct job_id from run
             where job_id = any(cast(:jobIds as uuid[])) and state in ('delivering', 'running')
               and id >= :floor and id < :ceiling
            """;

    /** Skips runs whose previous run is still in flight (overlap policy skip), with the reason. */
    static final String SKIP_OVERLAPPING = """
            update run
               set state = 'skipped', skip_reason = 'overlap', finished_at = :now, updated_at = :now
             where id = any(cast(:ids as uuid[])) and state in ('scheduled', 'queued')
            """;

    private RunSql() {
    }
}
