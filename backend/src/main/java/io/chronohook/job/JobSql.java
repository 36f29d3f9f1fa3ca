package io.chronohook.job;

import io.chronohook.audit.AuditStore;
import java.util.List;

/** Named SQL for the job table. */
final class JobSql {

    /** The columns a new job is written with. */
    private static final String INSERT_COLUMNS = """
            insert into job (id, tenant_id, name, labels, schedule, schedule_type, start_at, end_at, max_runs, spread_ms,
                             method, url, content_type, headers_sealed, body_sealed, key_id,
                             retry_max_attempts, retry_initial_delay_ms, retry_max_delay_ms, retry_max_window_ms,
                             timeout_ms,
                             missed_run_policy, backfill_limit, overlap_policy, delivery_semantics,
                             long_running_max_ms, long_running_heartbeat_ms, flow_key_template, flow_key, priority,
                             state, next_fire_at, runs_planned, version, created_at, updated_at)
            """;

    /** The values of a new job, in {@link #INSERT_COLUMNS}' order. */
    private static final String NEW_ROW = """
                    :id, :tenantId, :name, :labels, :schedule, :scheduleType, :startAt, :endAt, :maxRuns, :spreadMs,
                    :method, :url, :contentType, :headersSealed, :bodySealed, :keyId,
                    :retryMaxAttempts, :retryInitialDelayMs, :retryMaxDelayMs, :retryMaxWindowMs, :timeoutMs,
                    :missedRunPolicy, :backfillLimit, :overlapPolicy, :deliverySemantics,
                    :longRunningMaxMs, :longRunningHeartbeatMs, :flowKeyTemplate, :flowKey, :priority,
                    :state, :nextFireAt, 0, 1, :now, :now
            """;

    static final String INSERT = INSERT_COLUMNS + "values (" + NEW_ROW + ")";

    /**
     * Many jobs of one tenant ({@code :tenantId}) in one statement, each other parameter an array with an element per
     * job (as {@code JobStore.insertAll} builds them from {@link #NEW_ROW}'s parameters, and when each was made,
     * {@code :createdUs}): JSON as text, sealed bytes in Base64, instants in microseconds since the epoch.
     */
    private static final String INSERT_MANY_FROM_ARRAYS = INSERT_COLUMNS + """
            select u.id, :tenantId, u.name, cast(u.labels as jsonb), cast(u.schedule as jsonb), u.schedule_type,
                   timestamptz 'epoch' + u.start_us * interval '1 microsecond',
                   timestamptz 'epoch' + u.end_us * interval '1 microsecond',
                   u.max_runs, u.spread_ms, u.method, u.url, u.content_type, decode(u.headers_sealed, 'base64'),
                   decode(u.body_sealed, 'base64'), u.key_id, u.retry_max_attempts, u.retry_initial_delay_ms,
                   u.retry_max_delay_ms, u.retry_max_window_ms, u.timeout_ms, u.missed_run_policy, u.backfill_limit,
                   u.overlap_policy, u.delivery_semantics, u.long_running_max_ms, u.long_running_heartbeat_ms,
                   u.flow_key_template, u.flow_key, u.priority,
                   :state, timestamptz 'epoch' + u.next_fire_us * interval '1 microsecond', 0, 1,
                   timestamptz 'epoch' + u.created_us * interval '1 microsecond',
                   timestamptz 'epoch' + u.created_us * interval '1 microsecond'
              from unnest(cast(:id as uuid[]), cast(:name as text[]),
                          cast(:labels as text[]), cast(:schedule as text[]), cast(:scheduleType as text[]),
                          cast(:startAt as bigint[]), cast(:endAt as bigint[]), cast(:maxRuns as integer[]),
                          cast(:spreadMs as bigint[]), cast(:method as text[]), cast(:url as text[]),
                          cast(:contentType as text[]), cast(:headersSealed as text[]), cast(:bodySealed as text[]),
                          cast(:keyId as text[]), cast(:retryMaxAttempts as integer[]),
                          cast(:retryInitialDelayMs as bigint[]), cast(:retryMaxDelayMs as bigint[]),
                          cast(:retryMaxWindowMs as bigint[]), cast(:timeoutMs as integer[]),
                          cast(:missedRunPolicy as text[]), cast(:backfillLimit as integer[]),
                          cast(:overlapPolicy as text[]), cast(:deliverySemantics as text[]),
                          cast(:longRunningMaxMs as bigint[]), cast(:longRunningHeartbeatMs as bigint[]),
                          cast(:flowKeyTemplate as text[]), cast(:flowKey as text[]), cast(:priority as smallint[]),
                          cast(:nextFireUs as bigint[]), cast(:createdUs as bigint[]))
                   as u(id, name, labels, schedule, schedule_type, start_us, end_us, max_runs, spread_ms,
                        method, url, content_type, headers_sealed, body_sealed, key_id, retry_max_attempts,
                        retry_initial_delay_ms, retry_max_delay_ms, retry_max_window_ms, timeout_ms, missed_run_policy,
                        backfill_limit, overlap_policy, delivery_semantics, long_running_max_ms,
                        long_running_heartbeat_ms, flow_key_template, flow_key, priority, next_fire_us,
                        created_us)
            """;

    /** {@link #INSERT_MANY_FROM_ARRAYS}, for a batch create inside the transaction that counted its jobs. */
    static final String INSERT_MANY = INSERT_MANY_FROM_ARRAYS;

    /**
     * The rest of a statement that makes a job counted by its first part ({@code counted}, {@link JobCountSql}): the
     * job, written only if it was counted, and its audit event ({@code :audit*} parameters); answers whether it was
     * made. One statement, so that it commits whole without a transaction of its own.
     */
    private static final String MADE_IF_COUNTED = ", made as (" + INSERT_COLUMNS + "select " + NEW_ROW + """
                  from counted
                returning id
            ), audited as (
            """ + AuditStore.recordForEachRowOf("made") + """
            )
            select count(*) as made from made
            """;

    /** Makes a job counted on a free stripe below its cap ({@link JobCountSql#COUNTED_ON_FREE_STRIPE}), audited. */
    static final String INSERT_COUNTED_ON_FREE_STRIPE = JobCountSql.COUNTED_ON_FREE_STRIPE + MADE_IF_COUNTED;

    /** Makes a job counted on the given stripe, if below its cap ({@link JobCountSql#COUNTED_ON_STRIPE}), audited. */
    static final String INSERT_COUNTED_ON_STRIPE = JobCountSql.COUNTED_ON_STRIPE + MADE_IF_COUNTED;

    /**
     * Makes several jobs of one tenant ({@link #INSERT_MANY_FROM_ARRAYS}' arrays), all counted on one free stripe with
     * room for them all ({@link JobCountSql#COUNTED_ON_FREE_STRIPE}, {@code :count} of them), each audited (the
     * {@code :audit*} arrays of {@link AuditStore#recordEachIf}), in one statement: all of them or, when no stripe
     * has the room, none; answers how many were made.
     */
    static final String INSERT_MANY_COUNTED_ON_FREE_STRIPE = JobCountSql.COUNTED_ON_FREE_STRIPE + ", made as ("
            + INSERT_MANY_FROM_ARRAYS + """
                   cross join counted
                returning id
            ), audited as (
            """ + AuditStore.recordEachIf("counted") + """
            )
            select count(*) as made from made
            """;

    /**
     * The columns of a job as the API shows it, with when its next run is due and how many of its runs are running:
     * looked for between the lowest id an open run may have ({@code openFloor}) and the highest any run may have
     * ({@code runCeiling}), so that only the partitions that can hold open runs are planned and read.
     */
    static final String COLUMNS = """
            j.id, j.tenant_id, j.name, j.labels, j.schedule, j.spread_ms, j.method, j.url, j.content_type,
            j.headers_sealed, j.body_sealed, j.key_id, j.retry_max_attempts, j.retry_initial_delay_ms,
            j.retry_max_delay_ms, j.timeout_ms, j.missed_run_policy, j.backfill_limit, j.overlap_policy,
            j.delivery_semantics, j.state, j.next_fire_at, j.runs_planned, j.version, j.created_at, j.updated_at,
            j.paused_reason, j.retry_max_window_ms, j.long_running_max_ms, j.long_running_heartbeat_ms,
            j.flow_key_template, j.flow_key, j.priority,
            (select min(r.due_at) from run r
              where r.job_id = j.id and r.state in ('scheduled', 'queued', 'retry_wait')
                and r.id >= :openFloor and r.id < :runCeiling) as next_run_at,
            case when j.long_running_max_ms is not null
                 then (select count(*) from run r
                        where r.job_id = j.id and r.state = 'running'
                          and r.id >= :openFloor and r.id < :runCeiling) end as running_runs
            """;

    static final String FIND = "select " + COLUMNS + """
              from job j
             where j.tenant_id = :tenantId and j.id = :id and j.state <> 'deleted'
            """;

    /**
     * A page of a tenant's jobs, newest first. A label filter also says that the job has labels, the condition of the
     * index of jobs by label (which holds labelled jobs only), so that Postgres may read that index for it.
     */
    static final String LIST_FIRST = "select " + COLUMNS + """
              from job j
             where j.tenant_id = :tenantId and j.state <> 'deleted'
               and (cast(:state as text) is null or j.state = :state)
               and (cast(:label as jsonb) is null or (j.labels @> cast(:label as jsonb) and j.labels <> '{}'))
               and (cast(:name as text) is null or j.name ilike cast(:name as text) escape '\\')
             order by j.id desc
             limit :limit
            """;

    /** The page of a tenant's jobs after the job {@code after}, as {@link #LIST_FIRST}. */
    static final String LIST_AFTER = "select " + COLUMNS + """
              from job j
             where j.tenant_id = :tenantId and j.state <> 'deleted' and j.id < :after
               and (cast(:state as text) is null or j.state = :state)
               and (cast(:label as jsonb) is null or (j.labels @> cast(:label as jsonb) and j.labels <> '{}'))
               and (cast(:name as text) is null or j.name ilike cast(:name as text) escape '\\')
             order by j.id desc
             limit :limit
            """;

    /** Replaces the definition if the version still matches (optimistic concurrency). */
    static final String UPDATE_DEFINITION = """
            update job
               set name = :name, labels = :labels, schedule = :schedule, schedule_type = :scheduleType,
                   start_at = :startAt, end_at = :endAt, max_runs = :maxRuns, spread_ms = :spreadMs,
                   method = :method, url = :url, content_type = :contentType, headers_sealed = :headersSealed,
                   body_sealed = :bodySealed, key_id = :keyId, retry_max_attempts = :retryMaxAttempts,
                   retry_initial_delay_ms = :retryInitialDelayMs, retry_max_delay_ms = :retryMaxDelayMs,
                   retry_max_window_ms = :retryMaxWindowMs,
                   timeout_ms = :timeoutMs, missed_run_policy = :missedRunPolicy, backfill_limit = :backfillLimit,
                   overlap_policy = :overlapPolicy, delivery_semantics = :deliverySemantics,
                   long_running_max_ms = :longRunningMaxMs, long_running_heartbeat_ms = :longRunningHeartbeatMs,
                   flow_key_template = :flowKeyTemplate, flow_key = :flowKey, priority = :priority,
                   next_fire_at = case when state = 'active' then :nextFireAt else next_fire_at end,
                   version = version + 1, payload_version = payload_version + 1, updated_at = :now
             where tenant_id = :tenantId and id = :id and version = :version and state <> 'deleted'
            """;

    /** The sealed payload of a job as it is now, with the count of definition changes that produced it. */
    static final String CURRENT_PAYLOAD = """
            select payload_version, key_id, headers_sealed, body_sealed from job where tenant_id = :tenantId and id = :id
            """;

    /** Moves a job between states if it is in the expected one (compare-and-set). */
    static final String SET_STATE = """
            update job
               set state = :state, next_fire_at = :nextFireAt, version = version + 1, updated_at = :now,
                   paused_reason = null
             where tenant_id = :tenantId and id = :id and state = :expected
            """;

    /** Pauses an active job and says why (compare-and-set on the state). */
    static final String PAUSE_WITH_REASON = """
            update job
               set state = 'paused', paused_reason = :reason, version = version + 1, updated_at = :now
             where tenant_id = :tenantId and id = :id and state = 'active'
            """;

    /**
     * Completes active jobs that have no occurrence left once none of their runs is still live (a run held by quota
     * counts as live: an upgrade releases it). Installation-wide maintenance, leaderless through SKIP LOCKED; the
     * jobs are looked at in id order from {@code :after}, so that a round goes on past those whose runs are still live
     * rather than looking at them again. Only the jobs found finished are locked (a backlog of one-shot jobs whose
     * runs wait is looked at, not written), found once as an array whatever the statistics say of the jobs awaiting
     * completion (as a join, stale statistics made a plan look at every such job against the round's thousand); see
     * {@link #completion}. Returns how many were completed and the last id
     * looked at (null when none was left after {@code :after}). The completed jobs are counted off their tenants'
     * first stripes, waited for when held (a batch create of the tenant holds them until it commits).
     */
    static final String COMPLETE_FINISHED = completion("""
            looked as (
                select id from job
                 where state = 'active' and next_fire_at is null and id > :after
                 order by id
                 limit :limit
            ),""", """
            select id, tenant_id from job
             where id = any(array(select l.id from looked l
                                   where %s))
               and state = 'active' and next_fire_at is null
             order by id
               for update skip locked""".formatted(noLiveRun("l.id", 23)), """
            select distinct tenant_id, cast(0 as smallint) as stripe from due""", """
            select (select cast(coalesce(sum(jobs), 0) as bigint) from per_tenant) as completed,
                   (select id from looked order by id desc limit 1) as last""");

    /**
     * Completes the given jobs if they are active, have no occurrence left and none of their runs is still live: the
     * jobs of runs that just ended, completed as their outcomes are written. A job locked elsewhere is skipped (the
     * job completer's rounds find it). Never waits: the completed jobs are counted off a stripe of their tenant's
     * that no other transaction holds, and the jobs of a tenant none of whose stripes is free (a batch create of the
     * tenant holds them all until it commits) are left to the completer too, so that completions never wait for one
     * tenant's creates. Returns how many were completed.
     */
    static final String COMPLETE_IF_FINISHED = completion("", """
            select id, tenant_id from job
             where id = any(cast(:ids as uuid[])) and state = 'active' and next_fire_at is null
             order by id
               for update skip locked""", """
            select t.tenant_id, s.stripe
              from (select distinct tenant_id from due) t
             cross join lateral (select stripe from job_count c
                                  where c.tenant_id = t.tenant_id
                                  limit 1 for update skip locked) s""", """
            select cast(coalesce(sum(jobs), 0) as bigint) as completed from per_tenant""");

    /**
     * Completes the jobs {@code candidates} selects (ids, locked; after the common tables {@code before}, if any) once
     * none of their runs is still live ({@link #noLiveRun}, checked again on the locked rows). The job's definition is
     * unchanged, so updated_at stays. Only the jobs of the tenants {@code stripes} selects a stripe for (tenant_id,
     * stripe; from {@code due}) are completed, and taken off their tenants' live-job counts on that stripe, in tenant
     * order; {@code answer} is the statement's final select, over {@code due} and {@code per_tenant}.
     */
    private static String completion(String before, String candidates, String stripes, String answer) {
        return "with " + before.strip() + (before.isBlank() ? "" : "\n") + """
            due as (
            """ + candidates.indent(4) + """
            ), stripes as (
            """ + stripes.indent(4) + """
            ), completed as (
                update job j
                   set state = 'completed', version = j.version + 1
                  from due
                 where j.id = due.id
                   and due.tenant_id in (select tenant_id from stripes)
            """ + "       and " + noLiveRun("j.id", 7) + "\n" + """
                returning j.tenant_id
            ), per_tenant as (
                select tenant_id, count(*) as jobs from completed group by tenant_id
            ), counted as (
                insert into job_count (tenant_id, stripe, live)
                select p.tenant_id, s.stripe, - p.jobs from per_tenant p join stripes s on s.tenant_id = p.tenant_id
                 order by p.tenant_id
                on conflict (tenant_id, stripe) do update set live = job_count.live + excluded.live
            )
            """ + answer + "\n";
    }

    /**
     * No run of the job {@code jobId} is live: none waiting between the open runs' floor and the runs' ceiling, none
     * held by quota below the ceiling (held runs may be weeks old), none in flight between floor and ceiling — so
     * that no partition made ahead, and for all but held runs no closed day, is planned for. Each is looked up job by
     * job ({@code offset 0} keeps Postgres from turning it into a join, which with a plan made for any parameters
     * hashed every waiting run of the installation on every call), over the index of waiting runs by job: waiting and
     * held runs are asked for together, in words that match that index's condition and not that of the index of
     * waiting runs by due time, which statistics not yet renewed after a burst was planned (a hundred thousand runs
     * come due) made look empty, and which then was read whole for every job.
     */
    private static String noLiveRun(String jobId, int indent) {
        return String.join("\n" + " ".repeat(indent), List.of(
                "not exists (select 1 from run r",
                "                 where r.job_id = %1$s",
                "                   and r.state in ('scheduled', 'queued', 'retry_wait', 'quota_exceeded')",
                "                   and r.id < :runCeiling and (r.id >= :openFloor or r.state = 'quota_exceeded')",
                "                 offset 0)",
                "and not exists (select 1 from run r",
                "                 where r.job_id = %1$s and r.state in ('delivering', 'running')",
                "                   and r.id >= :openFloor and r.id < :runCeiling offset 0)")).formatted(jobId);
    }

    /** The names of some of a tenant's jobs (deleted ones included: a dead run may outlive its job). */
    static final String NAMES = """
            select id, name from job where tenant_id = :tenantId and id = any(cast(:ids as uuid[]))
            """;

    private JobSql() {
    }
}
