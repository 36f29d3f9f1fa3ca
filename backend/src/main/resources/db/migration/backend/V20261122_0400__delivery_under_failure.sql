-- Delivery under failure: retry window, automatic pauses, replays with a fresh retry budget, per-host history.

alter table job add column retry_max_window_ms bigint check (retry_max_window_ms > 0);
-- Why the job was paused when Chronohook paused it (e.g. the receiver answered 410 Gone).
alter table job add column paused_reason text;

-- Attempts made before the latest replay: the retry budget counts attempt - attempt_base.
alter table run add column attempt_base integer not null default 0;
create index run_tenant_dead_id_idx on run (tenant_id, id desc) where state = 'dead';
drop index run_tenant_dead_idx;

alter table attempt add column target_host text;
create index attempt_tenant_host_idx on attempt (tenant_id, target_host, finished_at desc);

-- Bulk replays of dead runs, with their progress.
create table replay_batch (
    id          uuid primary key,
    tenant_id   uuid not null references tenant (id),
    job_id      uuid,
    dead_from   timestamptz,
    dead_to     timestamptz,
    state       text not null check (state in ('running', 'done', 'failed')),
    total       integer not null,
    replayed    integer not null default 0,
    created_at  timestamptz not null,
    finished_at timestamptz
);
create index replay_batch_tenant_idx on replay_batch (tenant_id, id desc);

-- The overlap check: is a run of this job in flight?
create index run_inflight_job_idx on run (job_id) where state in ('delivering', 'running');
