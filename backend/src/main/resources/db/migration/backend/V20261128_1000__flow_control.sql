-- Flow control inside a tenant (docs/flow-control.md): limits per target host and per flow key, weights of keys, and
-- each job's key and priority.

-- A tenant's limits for one target host: at most max_in_flight requests at once, and at most rate_limit per
-- rate_period_ms (a token bucket holding rate_burst). Either may be absent.
create table endpoint_limit (
    tenant_id      uuid not null references tenant (id),
    host           text not null,
    max_in_flight  integer check (max_in_flight between 1 and 100000),
    rate_limit     integer check (rate_limit between 1 and 100000),
    rate_period_ms bigint check (rate_period_ms between 1000 and 3600000),
    rate_burst     integer check (rate_burst between 1 and 100000),
    created_at     timestamptz not null,
    updated_at     timestamptz not null,
    primary key (tenant_id, host),
    constraint endpoint_limit_rate_whole check ((rate_limit is null) = (rate_period_ms is null)
                                                and (rate_limit is null) = (rate_burst is null))
);

-- A tenant's flow key: its weight among the tenant's backlogged keys, and its limits. The key "_default" holds the
-- settings of every key that has none of its own.
create table flow_key (
    tenant_id      uuid not null references tenant (id),
    key            text not null,
    weight         integer not null check (weight between 1 and 1000),
    max_in_flight  integer check (max_in_flight between 1 and 100000),
    rate_limit     integer check (rate_limit between 1 and 100000),
    rate_period_ms bigint check (rate_period_ms between 1000 and 3600000),
    rate_burst     integer check (rate_burst between 1 and 100000),
    created_at     timestamptz not null,
    updated_at     timestamptz not null,
    primary key (tenant_id, key),
    constraint flow_key_rate_whole check ((rate_limit is null) = (rate_period_ms is null)
                                          and (rate_limit is null) = (rate_burst is null))
);

-- flow_key_template as the job was given it (a literal, or "{labels.name}"); flow_key resolved from it and the job's
-- labels; priority 0 high, 1 normal, 2 low.
alter table job
    add column flow_key_template text,
    add column flow_key          text,
    add column priority          smallint not null default 1 check (priority between 0 and 2);

-- The key and priority of the job when the run was made: the run's lane in the time gate.
alter table run
    add column flow_key text,
    add column priority smallint not null default 1;

-- Runs waiting for a flow limit, per tenant and limit (the host, or key:<key>): what the endpoints page counts.
create index run_waiting_capacity_idx on run (tenant_id, deferred_host)
    where state = 'retry_wait' and deferred_reason = 'waiting_for_capacity';
