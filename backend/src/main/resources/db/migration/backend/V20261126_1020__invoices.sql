-- Closed invoices: one per tenant and calendar month (UTC), written once the month is over from the daily usage
-- counters and the tenant's plan at closing, and never changed after. The current month is a preview, not stored.

create table invoice (
    tenant_id              uuid not null references tenant (id),
    month                  date not null check (extract(day from month) = 1),
    plan_code              text not null,
    plan_name              text not null,
    monthly_price_cents    bigint not null,
    included_executions    bigint not null,
    executions             bigint not null,
    attempts               bigint not null,
    egress_bytes           bigint not null,
    overage_executions     bigint not null,
    overage_cents_per_1000 bigint not null,
    overage_cents          bigint not null,
    total_cents            bigint not null,
    closed_at              timestamptz not null,
    primary key (tenant_id, month)
);
