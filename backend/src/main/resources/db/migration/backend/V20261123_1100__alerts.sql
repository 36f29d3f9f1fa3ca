-- Tenant alerts: where a tenant wants them, the outbox the alert sender delivers from, and the cooldowns that keep a
-- broken job from flooding the tenant. Owned by the backend's alert stage; see docs/alerts.md.

create table alert_settings (
    tenant_id              uuid primary key references tenant (id),
    url                    text not null,
    -- A job is failing once this many of its runs in a row ended dead.
    failing_threshold      integer not null check (failing_threshold between 1 and 100),
    -- A run not started this long after its due time missed its window.
    missed_window_after_ms bigint not null check (missed_window_after_ms > 0),
    -- After an alert of one kind for one job, further alerts of that kind for that job are held back this long.
    cooldown_ms            bigint not null check (cooldown_ms > 0),
    events                 text[] not null,
    created_at             timestamptz not null,
    updated_at             timestamptz not null
);

create table alert (
    id                uuid primary key,
    tenant_id         uuid not null references tenant (id),
    kind              text not null check (kind in ('run.dead_lettered', 'job.failing', 'run.missed_window',
                                                    'job.auto_paused', 'alert.test')),
    -- What makes two detections the same alert (e.g. one run that went dead): two instances that detect it both
    -- insert, one row stays.
    dedup_key         text not null,
    job_id            uuid,
    run_id            uuid,
    scheduled_for     timestamptz,
    -- The kind's own facts (job name, last error, streak length…), as the payload's data carries them.
    details           jsonb not null default '{}'::jsonb,
    state             text not null check (state in ('pending', 'sending', 'delivered', 'suppressed', 'failed')),
    -- pending: when the next attempt is due; sending: when the claim's lease runs out and another sender may take it.
    next_attempt_at   timestamptz not null,
    attempts          integer not null default 0,
    -- The cooldown was consulted (once per alert, before its first attempt).
    gated             boolean not null default false,
    -- Alerts of the same kind and job held back in the cooldown before this one.
    suppressed_before integer not null default 0,
    last_status_code  integer,
    last_error        text,
    created_at        timestamptz not null,
    finished_at       timestamptz,
    constraint alert_once unique (tenant_id, dedup_key)
);
create index alert_due_idx on alert (next_attempt_at) where state in ('pending', 'sending');
create index alert_tenant_idx on alert (tenant_id, id desc);

-- One row per (tenant, job, kind): until when alerts are held back, which alert opened the window, how many were
-- held back in it (suppressed) and how many the opening alert carries from the window before (carried).
create table alert_cooldown (
    tenant_id  uuid not null,
    job_id     uuid not null,
    kind       text not null,
    open_until timestamptz not null,
    opened_by  uuid not null,
    suppressed integer not null default 0,
    carried    integer not null default 0,
    primary key (tenant_id, job_id, kind)
);

-- Time-ordered (version 7) ids for alerts raised inside a statement, like the ids the application makes.
create function alert_id(at timestamptz) returns uuid language sql volatile as $$
    select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                  placing substring(int8send(floor(extract(epoch from at) * 1000)::bigint) from 3) from 1 for 6),
                  52, 1), 53, 1), 'hex')::uuid
$$;

-- The missed-window scanner finds the runs the planner skipped as missed without reading every new run: the index
-- holds only those (rare) rows, and the delivery path never writes a row into it.
create index run_missed_idx on run (id) where state = 'skipped' and skip_reason = 'missed';
