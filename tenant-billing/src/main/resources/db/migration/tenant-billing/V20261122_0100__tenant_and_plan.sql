-- Plans and tenants: owned by tenant-billing.

create table plan (
    code                     text primary key check (code ~ '^[a-z][a-z0-9_-]{1,31}$'),
    name                     text not null,
    max_jobs                 bigint not null check (max_jobs >= 0),
    executions_per_month     bigint not null check (executions_per_month >= 0),
    dispatch_rate_per_second integer not null check (dispatch_rate_per_second > 0),
    dispatch_burst           integer not null check (dispatch_burst > 0),
    fair_share_weight        integer not null check (fair_share_weight between 1 and 1000),
    min_interval_seconds     integer not null check (min_interval_seconds >= 1),
    max_payload_bytes        integer not null check (max_payload_bytes > 0),
    history_retention_days   integer not null check (history_retention_days > 0),
    api_requests_per_second  integer not null check (api_requests_per_second > 0),
    monthly_price_cents      bigint not null check (monthly_price_cents >= 0),
    overage_cents_per_1000   bigint not null check (overage_cents_per_1000 >= 0),
    created_at               timestamptz not null default now(),
    updated_at               timestamptz not null default now()
);

insert into plan (code, name, max_jobs, executions_per_month, dispatch_rate_per_second, dispatch_burst,
                  fair_share_weight, min_interval_seconds, max_payload_bytes, history_retention_days,
                  api_requests_per_second, monthly_price_cents, overage_cents_per_1000)
values ('free',      'Free',         25,          10000,      5,      20,    1, 60, 65536,   7,  10,      0,  0),
       ('pro',       'Pro',        2000,        1000000,     50,     200,    4, 10, 262144, 30,  50,   2900, 50),
       ('business',  'Business', 100000,       20000000,    500,    2000,   16,  1, 1048576, 90, 200, 29900, 25),
       ('unlimited', 'Unlimited', 9223372036854775807, 9223372036854775807,
                                                        1000000, 1000000, 16,  1, 1048576, 30, 100000, 0,  0);

create table tenant (
    id         uuid primary key,
    name       text not null check (length(name) between 1 and 100),
    plan_code  text not null references plan (code),
    created_at timestamptz not null,
    updated_at timestamptz not null
);
