-- The open runs of a job (not yet finished, whatever day they fall in): its next run, whether one is in flight (the
-- overlap check before every claim), whether any is left (job completion) and cancelling them. A small partial
-- index in every day's partition, so none of these reads a job's history.
create index run_open_job_idx on run (job_id, due_at)
    where state in ('scheduled', 'queued', 'delivering', 'running', 'retry_wait', 'quota_exceeded');

-- The open-runs index answers what this one did (in-flight runs of a job).
drop index run_inflight_job_idx;

-- Usage is counted into usage_daily as attempts are recorded; nothing reads runs by tenant and first attempt now,
-- and this index of every delivered run cost a write and index space per run.
drop index run_tenant_first_attempt_idx;
