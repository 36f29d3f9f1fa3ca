package io.chronohook.alert;

/** Named SQL for the alert, alert_settings and alert_cooldown tables. */
final class AlertSql {

    private AlertSql() {
    }

    static final String SETTINGS_COLUMNS = """
            url, failing_threshold, missed_window_after_ms, cooldown_ms, events, updated_at
            """;

    static final String FIND_SETTINGS = "select " + SETTINGS_COLUMNS + """
              from alert_settings
             where tenant_id = :tenantId
            """;

    static final String SAVE_SETTINGS = """
            insert into alert_settings (tenant_id, url, failing_threshold, missed_window_after_ms, cooldown_ms, events,
                                        created_at, updated_at)
            values (:tenantId, :url, :failingThreshold, :missedWindowAfterMs, :cooldownMs, cast(:events as text[]),
                    :now, :now)
            on conflict (tenant_id) do update
               set url = excluded.url, failing_threshold = excluded.failing_threshold,
                   missed_window_after_ms = excluded.missed_window_after_ms, cooldown_ms = excluded.cooldown_ms,
                   events = excluded.events, updated_at = excluded.updated_at
            returning\s""" + SETTINGS_COLUMNS;

    static final String DELETE_SETTINGS = """
            delete from alert_settings where tenant_id = :tenantId
            """;

    static final String ALERT_COLUMNS = """
            id, kind, state, job_id, run_id, scheduled_for, details, attempts, suppressed_before, last_status_code,
            last_error, created_at, finished_at
            """;

    static final String INSERT_TEST = """
            insert into alert (id, tenant_id, kind, dedup_key, state, next_attempt_at, created_at)
            values (:id, :tenantId, 'alert.test', 'alert.test:' || :id, 'pending', :now, :now)
            returning\s""" + ALERT_COLUMNS;

    static final String FIND = "select " + ALERT_COLUMNS + """
              from alert
             where tenant_id = :tenantId and id = :id
            """;

    static final String LIST_FIRST = "select " + ALERT_COLUMNS + """
              from alert
             where tenant_id = :tenantId
             order by id desc
             limit :limit
            """;

    static final String LIST_AFTER = "select " + ALERT_COLUMNS + """
              from alert
             where tenant_id = :tenantId and id < :after
             order by id desc
             limit :limit
            """;

    /**
     * Raises the alerts that runs which just went dead call for, in one statement: one {@code run.dead_lettered} per
     * death (keyed by run and attempt, so a retry never raises another), {@code job.auto_paused} when the receiver's
     * 410 paused the job, and {@code job.failing} when the job's last {@code failing_threshold} finished runs all
     * ended dead. A run counts only if it really is dead at that attempt (a late, lost outcome raises nothing);
     * tenants without alert settings, or without the kind among their events, get none.
     */
    static final String RAISE_FOR_DEAD_RUNS = """
            with finished as (
                select u.run_id, u.attempt, u.gone
                  from unnest(cast(:runIds as uuid[]), cast(:attempts as int[]), cast(:gone as boolean[]))
                       as u(run_id, attempt, gone)
            ), dead as (
                select r.id, r.tenant_id, r.job_id, r.scheduled_for, r.attempt, r.last_status_code, r.last_error,
                       f.gone, j.name as job_name, j.state as job_state, j.paused_reason, s.events,
                       s.failing_threshold
                  from finished f
                  join run r on r.id = f.run_id and r.state = 'dead' and r.attempt = f.attempt
                  join alert_settings s on s.tenant_id = r.tenant_id
                  join job j on j.id = r.job_id
            ), raised as (
                select d.tenant_id, 'run.dead_lettered' as kind, 'run.dead_lettered:' || d.id || ':' || d.attempt
                       as dedup_key, d.job_id, d.id as run_id, d.scheduled_for,
                       jsonb_build_object('jobName', d.job_name, 'attempts', d.attempt,
                                          'lastStatusCode', d.last_status_code, 'lastError', d.last_error) as details
                  from dead d
                 where 'run.dead_lettered' = any(d.events)
                union all
                select d.tenant_id, 'job.auto_paused', 'job.auto_paused:' || d.id || ':' || d.attempt, d.job_id, d.id,
                       d.scheduled_for,
                       jsonb_build_object('jobName', d.job_name, 'statusCode', d.last_status_code,
                                          'reason', d.paused_reason)
                  from dead d
                 where d.gone and d.job_state = 'paused' and d.paused_reason is not null
                   and 'job.auto_paused' = any(d.events)
                union all
                select d.tenant_id, 'job.failing', 'job.failing:' || d.id || ':' || d.attempt, d.job_id, d.id,
                       d.scheduled_for,
                       jsonb_build_object('jobName', d.job_name, 'failedRuns', d.failing_threshold,
                                          'lastStatusCode', d.last_status_code, 'lastError', d.last_error)
                  from dead d
                 where 'job.failing' = any(d.events)
                   and (select count(*) filter (where recent.state = 'dead')
                          from (select state from run
                                 where job_id = d.job_id and state in ('succeeded', 'dead')
                                 order by id desc
                                 limit d.failing_threshold) recent) = d.failing_threshold
            )
            insert into alert (id, tenant_id, kind, dedup_key, job_id, run_id, scheduled_for, details, state,
                               next_attempt_at, created_at)
            select alert_id(:now), tenant_id, kind, dedup_key, job_id, run_id, scheduled_for, details, 'pending',
                   :now, :now
              from raised
            on conflict (tenant_id, dedup_key) do nothing
            """;

    /**
     * One {@code run.timed_out} for a long-running attempt that timed out, keyed by run and attempt; raised whether
     * the run is retried or ended dead (a dead one also raises {@code run.dead_lettered}).
     */
    static final String RAISE_FOR_TIMED_OUT = """
            insert into alert (id, tenant_id, kind, dedup_key, job_id, run_id, scheduled_for, details, state,
                               next_attempt_at, created_at)
            select alert_id(:now), r.tenant_id, 'run.timed_out', 'run.timed_out:' || r.id || ':' || :attempt,
                   r.job_id, r.id, r.scheduled_for,
                   jsonb_build_object('jobName', j.name, 'attempt', :attempt, 'reason', cast(:reason as text),
                                      'willRetry', cast(:nextAttemptAt as timestamptz) is not null,
                                      'nextAttemptAt', cast(:nextAttemptAt as timestamptz),
                                      'lastHeartbeatAt', r.heartbeat_at, 'progress', round(cast(r.progress * 100 as numeric), 1),
                                      'progressMessage', r.progress_message),
                   'pending', :now, :now
              from run r
              join alert_settings s on s.tenant_id = r.tenant_id and 'run.timed_out' = any(s.events)
              join job j on j.id = r.job_id
             where r.id = :runId
            on conflict (tenant_id, dedup_key) do nothing
            """;

    /**
     * Runs still not started (scheduled or queued) whose due time plus the tenant's window fell in {@code (from, to]}.
     * {@code dueAfter}/{@code dueBy} widen that by the window's bounds so the scan is a range of run_due_idx.
     */
    static final String RAISE_FOR_NOT_STARTED = """
            insert into alert (id, tenant_id, kind, dedup_key, job_id, run_id, scheduled_for, details, state,
                               next_attempt_at, created_at)
            select alert_id(:now), r.tenant_id, 'run.missed_window', 'run.missed_window:' || r.id, r.job_id, r.id,
                   r.scheduled_for, jsonb_build_object('jobName', j.name, 'reason', 'not_started',
                                                       'missedWindowAfterMs', s.missed_window_after_ms),
                   'pending', :now, :now
              from run r
              join alert_settings s on s.tenant_id = r.tenant_id and 'run.missed_window' = any(s.events)
              join job j on j.id = r.job_id
             where r.state in ('scheduled', 'queued')
               and r.due_at > :dueAfter and r.due_at <= :dueBy
               and r.due_at + s.missed_window_after_ms * interval '1 millisecond' > :from
               and r.due_at + s.missed_window_after_ms * interval '1 millisecond' <= :to
            on conflict (tenant_id, dedup_key) do nothing
            """;

    /**
     * Occurrences the planner skipped as missed (the job's missed-run policy), written since {@code from}: by the
     * time the run row was written, not by its id (whose time is the occurrence's, which may be long before).
     */
    static final String RAISE_FOR_SKIPPED = """
            insert into alert (id, tenant_id, kind, dedup_key, job_id, run_id, scheduled_for, details, state,
                               next_attempt_at, created_at)
            select alert_id(:now), r.tenant_id, 'run.missed_window', 'run.missed_window:' || r.id, r.job_id, r.id,
                   r.scheduled_for, jsonb_build_object('jobName', j.name, 'reason', 'skipped'),
                   'pending', :now, :now
              from run r
              join alert_settings s on s.tenant_id = r.tenant_id and 'run.missed_window' = any(s.events)
              join job j on j.id = r.job_id
             where r.state = 'skipped' and r.skip_reason = 'missed' and r.created_at >= :from
            on conflict (tenant_id, dedup_key) do nothing
            """;

    /**
     * Takes due alerts (and alerts whose sender died mid-send: their lease, kept in next_attempt_at, ran out) with
     * {@code SKIP LOCKED}, so several senders share the outbox; returns them with where the tenant wants them now.
     */
    static final String CLAIM = """
            update alert a
               set state = 'sending', next_attempt_at = :leaseUntil
              from (select al.id, s.url, s.cooldown_ms
                      from alert al
                      left join alert_settings s on s.tenant_id = al.tenant_id
                     where al.state in ('pending', 'sending') and al.next_attempt_at <= :now
                     order by al.next_attempt_at
                     limit :limit
                       for update of al skip locked) due
             where a.id = due.id
            returning a.id, a.tenant_id, a.kind, a.state, a.job_id, a.run_id, a.scheduled_for, a.details, a.attempts,
                      a.gated, a.suppressed_before, a.last_status_code, a.last_error, a.created_at, a.finished_at,
                      due.url, due.cooldown_ms
            """;

    /**
     * The cooldown of (tenant, job, kind), consulted once per alert: if no window is open, this alert opens one until
     * {@code :until} and carries the count held back in the previous one; otherwise it is held back (suppressed) and
     * counted. The upsert locks the row, so two senders deciding at once are served one after the other.
     */
    static final String GATE = """
            with gate as (
                insert into alert_cooldown as c (tenant_id, job_id, kind, open_until, opened_by, suppressed, carried)
                values (:tenantId, :jobId, :kind, :until, :alertId, 0, 0)
                on conflict (tenant_id, job_id, kind) do update
                   set open_until = case when c.open_until <= :now then excluded.open_until else c.open_until end,
                       opened_by = case when c.open_until <= :now then excluded.opened_by else c.opened_by end,
                       carried = case when c.open_until <= :now then c.suppressed else c.carried end,
                       suppressed = case when c.open_until <= :now then 0 else c.suppressed + 1 end
                returning opened_by = :alertId as opened, carried
            )
            update alert a
               set gated = true,
                   suppressed_before = case when g.opened then g.carried else 0 end,
                   state = case when g.opened then a.state else 'suppressed' end,
                   finished_at = case when g.opened then null else :now end
              from gate g
             where a.id = :alertId and a.state = 'sending'
            returning g.opened, a.suppressed_before
            """;

    /** Records an attempt: delivered, failed for good, or pending again at {@code nextAttemptAt}. */
    static final String FINISH = """
            update alert
               set state = :state, attempts = attempts + :counted,
                   next_attempt_at = coalesce(cast(:nextAttemptAt as timestamptz), next_attempt_at),
                   last_status_code = :statusCode, last_error = :error,
                   finished_at = cast(:finishedAt as timestamptz)
             where id = :id and state = 'sending'
            """;

    /** Forgets finished alerts created before {@code before}, a slice at a time. */
    static final String PURGE = """
            delete from alert
             where id in (select id from alert
                           where id < :before and state in ('delivered', 'suppressed', 'failed')
                           limit :limit)
            """;

    static final String PURGE_COOLDOWNS = """
            delete from alert_cooldown where open_until < :before
            """;
}
