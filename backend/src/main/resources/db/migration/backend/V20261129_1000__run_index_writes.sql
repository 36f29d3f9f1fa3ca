-- Fewer index entries written per run. Every change of a run's state writes a new row version, and each version is
-- entered into every index whose predicate it meets; a delivered run passes through three versions (planned,
-- claimed, finished).
--
-- 1. The open runs of a job by due time now hold the waiting runs only: a claim (waiting → delivering) no longer
--    enters the run into it again. Runs in flight are found by job over run_inflight_job_idx.
drop index run_open_job_idx;
create index run_waiting_job_idx on run (job_id, due_at)
    where state in ('scheduled', 'queued', 'retry_wait', 'quota_exceeded');

-- 2. Released runs not yet attempted, per tenant (the monthly quota's reservation), hold the waiting states only:
--    a run in its first attempt is counted over the in-flight index (the quota is seeded rarely; the claim of every
--    run no longer enters it here).
drop index run_unexecuted_idx;
create index run_unexecuted_idx on run (tenant_id)
    where first_attempt_at is null and state in ('queued', 'retry_wait');

-- 3. A run's id is made from its job and scheduled time (the same occurrence always gets the same id), so the
--    primary key keeps one run per occurrence: partitions made from now on have no unique index on job and
--    scheduled time. Partitions made before keep theirs (their rows may carry ids made otherwise).
