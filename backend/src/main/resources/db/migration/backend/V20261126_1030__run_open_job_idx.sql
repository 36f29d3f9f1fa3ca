-- The open runs of a job (not yet finished, whatever day they fall in): its next run, whether any is left (job
-- completion) and cancelling them. A small partial index in every day's partition, so none of these reads a job's
-- history. (Whether a job has a run in flight, checked before claims of jobs that may not overlap, stays on the
-- smaller run_inflight_job_idx: a backlog of waiting runs must not slow that check down.)
create index run_open_job_idx on run (job_id, due_at)
    where state in ('scheduled', 'queued', 'delivering', 'running', 'retry_wait', 'quota_exceeded');

-- Usage is counted into usage_daily as attempts are recorded; nothing reads runs by tenant and first attempt now,
-- and this index of every delivered run cost a write and index space per run.
drop index run_tenant_first_attempt_idx;
