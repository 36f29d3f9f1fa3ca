-- Jobs, runs, attempts and idempotency keys: owned by the backend's job, schedule and outcome stages.

create table job (
    id                   uuid primary key,
    tenant_id            uuid not null references tenant (id),
    name                 text not null check (length(name) between 1 and 200),
    labels               jsonb not null default '{}'::jsonb,
    -- The schedule as the API shows it (delay and now resolved to an instant at creation).
    schedule             jsonb not null,
    schedule_type        text not null check (schedule_type in ('cron', 'at', 'delay', 'now', 'interval')),
    start_at             timestamptz,
    end_at               timestamptz,
    max_runs             integer check (max_runs > 0),
    spread_ms            bigint not null default 0 check (spread_ms >= 0),
    method               text not null check (method in ('POST', 'PUT', 'PATCH', 'GET', 'DELETE')),
    url                  text not null,
    content_type         text,
    -- Headers (JSON object) and body, sealed with AES-GCM; key_id names the master key.
    headers_sealed       bytea,
    body_sealed          bytea,
    key_id               text,
    retry_max_attempts   integer not null check (retry_max_attempts between 1 and 100),
    retry_initial_delay_ms bigint not null check (retry_initial_delay_ms > 0),
    retry_max_delay_ms   bigint not null check (retry_max_delay_ms > 0),
    timeout_ms           integer not null check (timeout_ms between 1000 and 900000),
    missed_run_policy    text not null check (missed_run_policy in ('skip', 'fire_once', 'backfill')),
    backfill_limit       integer not null default 10 check (backfill_limit between 1 and 1000),
    overlap_policy       text not null check (overlap_policy in ('allow', 'skip', 'queue')),
    delivery_semantics   text not null check (delivery_semantics in ('at_least_once', 'at_most_once')),
    state                text not null check (state in ('active', 'paused', 'completed', 'deleted')),
    -- The next occurrence the planner will turn into a run (spread not included); null when none.
    next_fire_at         timestamptz,
    runs_planned         integer not null default 0,
    version              integer not null default 1,
    created_at           timestamptz not null,
    updated_at           timestamptz not null
);
-- The planner's scan: an index range over the due slice, whatever the number of registered jobs.
create index job_due_idx on job (next_fire_at) where state = 'active' and next_fire_at is not null;
create index job_tenant_idx on job (tenant_id, id desc) where state <> 'deleted';
create index job_labels_idx on job using gin (labels jsonb_path_ops);

create table run (
    id               uuid primary key,
    tenant_id        uuid not null,
    job_id           uuid not null references job (id),
    -- The occurrence this run stands for; with job_id, unique: one run per occurrence.
    scheduled_for    timestamptz not null,
    -- When the run is to be released: scheduled_for plus the job's spread, or the next attempt's time.
    due_at           timestamptz not null,
    state            text not null check (state in ('scheduled', 'queued', 'delivering', 'running', 'retry_wait',
                                                    'succeeded', 'dead', 'cancelled', 'quota_exceeded', 'skipped')),
    attempt          integer not null default 0,
    trigger          text not null default 'schedule' check (trigger in ('schedule', 'manual')),
    released_at      timestamptz,
    claimed_at       timestamptz,
    first_attempt_at timestamptz,
    finished_at      timestamptz,
    lease_until      timestamptz,
    last_status_code integer,
    last_error       text,
    trace_id         text,
    progress         real check (progress between 0 and 1),
    checkpoint       text,
    skip_reason      text,
    created_at       timestamptz not null,
    updated_at       timestamptz not null,
    constraint run_one_per_occurrence unique (job_id, scheduled_for)
);
-- Runs the gate may need to (re)offer: an index over the due slice of live runs only.
create index run_due_idx on run (due_at) where state in ('scheduled', 'queued', 'retry_wait');
create index run_job_idx on run (job_id, id desc);
create index run_tenant_dead_idx on run (tenant_id, finished_at desc) where state = 'dead';
create index run_lease_idx on run (lease_until) where state in ('delivering', 'running');

create table attempt (
    run_id           uuid not null references run (id),
    number           integer not null check (number > 0),
    tenant_id        uuid not null,
    started_at       timestamptz not null,
    first_byte_at    timestamptz,
    finished_at      timestamptz not null,
    status_code      integer,
    latency_ms       integer,
    outcome          text not null,
    error_class      text,
    error            text,
    response_excerpt text,
    trace_id         text,
    primary key (run_id, number)
);

-- Idempotency-Key of create and trigger calls: the same key and body give the same result.
create table idempotency_key (
    tenant_id    uuid not null references tenant (id),
    scope        text not null,
    key          text not null check (length(key) between 1 and 255),
    request_hash bytea not null,
    resource_id  uuid not null,
    created_at   timestamptz not null,
    primary key (tenant_id, scope, key)
);
