-- Run and attempt history partitioned by time, so that retention drops whole partitions instead of deleting rows.
--
-- Both tables are partitioned by range of the run id. Run ids are version 7 UUIDs whose time is the run's scheduled
-- time (its occurrence), so a day's runs and their attempts share a partition, an id lookup prunes to one partition,
-- and an occurrence always maps to the same partition (each partition keeps the one-run-per-occurrence index).
--
-- The existing tables become the first partition ("legacy", everything before this migration) in place: renamed,
-- then attached, which reads each table once to check its rows and copies nothing (a new installation's empty
-- tables are dropped instead). Day partitions ahead are made by
-- the history maintenance loop; a default partition takes any row whose day has no partition yet, and the loop
-- moves such rows into the day's partition when it makes it.

alter table attempt drop constraint attempt_run_id_fkey;

-- run → run_p_legacy
alter table run rename to run_p_legacy;
alter table run_p_legacy rename constraint run_pkey to run_p_legacy_pkey;
alter table run_p_legacy rename constraint run_one_per_occurrence to run_p_legacy_one_per_occurrence;
-- No foreign key from runs to jobs on the partitioned table: jobs are never removed (a deleted job is a state), and
-- a partition attached with such a key would lock the job table while planners hold it, and deadlock with them.
alter table run_p_legacy drop constraint run_job_id_fkey;
alter index run_due_idx rename to run_p_legacy_due_idx;
alter index run_job_idx rename to run_p_legacy_job_idx;
alter index run_lease_idx rename to run_p_legacy_lease_idx;
alter index run_tenant_dead_id_idx rename to run_p_legacy_tenant_dead_id_idx;
alter index run_inflight_job_idx rename to run_p_legacy_inflight_job_idx;
alter index run_held_idx rename to run_p_legacy_held_idx;
alter index run_unexecuted_idx rename to run_p_legacy_unexecuted_idx;
-- Skipped-as-missed runs are found by when they were written (a run id's time is now its occurrence's).
drop index run_missed_idx;
alter index run_tenant_first_attempt_idx rename to run_p_legacy_tenant_first_attempt_idx;

create table run (like run_p_legacy including defaults including constraints) partition by range (id);
alter table run add constraint run_pkey primary key (id);
create index run_due_idx on run (due_at) where state in ('scheduled', 'queued', 'retry_wait');
create index run_job_idx on run (job_id, id desc);
create index run_lease_idx on run (lease_until) where state in ('delivering', 'running');
create index run_tenant_dead_id_idx on run (tenant_id, id desc) where state = 'dead';
create index run_inflight_job_idx on run (job_id) where state in ('delivering', 'running');
create index run_held_idx on run (tenant_id, scheduled_for) where state = 'quota_exceeded';
create index run_unexecuted_idx on run (tenant_id)
    where first_attempt_at is null and state in ('queued', 'delivering', 'running', 'retry_wait');
create index run_missed_idx on run (created_at) where state = 'skipped' and skip_reason = 'missed';
create index run_tenant_first_attempt_idx on run (tenant_id, first_attempt_at) where first_attempt_at is not null;

-- attempt → attempt_p_legacy
alter table attempt rename to attempt_p_legacy;
alter table attempt_p_legacy rename constraint attempt_pkey to attempt_p_legacy_pkey;
alter index attempt_tenant_host_idx rename to attempt_p_legacy_tenant_host_idx;

create table attempt (like attempt_p_legacy including defaults including constraints) partition by range (run_id);
alter table attempt add constraint attempt_pkey primary key (run_id, number);
create index attempt_tenant_host_idx on attempt (tenant_id, target_host, finished_at desc);

-- The legacy partitions hold every id below the smallest version 7 id of this moment. A new installation (no runs
-- and no attempts yet) has no history to keep: the empty tables are dropped, and every day gets its own partition.
do $$
declare
    millis text := lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0');
    cutoff text := substr(millis, 1, 8) || '-' || substr(millis, 9, 4) || '-7000-8000-000000000000';
begin
    if exists (select 1 from run_p_legacy) or exists (select 1 from attempt_p_legacy) then
        execute format('alter table run attach partition run_p_legacy for values from (minvalue) to (%L)', cutoff);
        execute format('alter table attempt attach partition attempt_p_legacy for values from (minvalue) to (%L)',
                       cutoff);
    else
        drop table attempt_p_legacy;
        drop table run_p_legacy;
    end if;
end
$$;

create table run_p_default partition of run default;
create unique index run_p_default_one_per_occurrence on run_p_default (job_id, scheduled_for);
create table attempt_p_default partition of attempt default;

-- Idempotency keys are kept 24 hours: the purge finds old ones by time.
create index idempotency_key_created_idx on idempotency_key (created_at);
