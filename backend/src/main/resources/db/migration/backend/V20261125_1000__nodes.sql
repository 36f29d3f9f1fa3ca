-- Instances of the backend, each heartbeating its row; a node silent past the dead-after window is dead and the runs
-- it claimed are rescued at once. An operator drains a node through drain_requested.
create table node (
    id              uuid primary key,
    roles           text        not null,
    version         text        not null,
    host            text        not null,
    started_at      timestamptz not null,
    heartbeat_at    timestamptz not null,
    in_flight       integer     not null default 0,
    drain_requested boolean     not null default false,
    state           text        not null default 'active'
        check (state in ('active', 'draining', 'drained', 'stopping', 'stopped')),
    stopped_at      timestamptz
);

-- The node that claimed the run's current attempt.
alter table run add column claimed_by uuid;
