-- Usage counted as outcomes are written, per tenant and UTC day, so that usage, the execution quota and invoices
-- never scan run history. Counted in the statement that inserts the attempts, from the rows it inserted: an attempt
-- is inserted once (its key is run and number), so a retried write, a replay or a rescued attempt counts once.
--   executions   attempts numbered 1 (a run's first attempt that went out, or was lost), by the day it started
--   attempts     every attempt recorded, by the day it finished
--   egress_bytes bytes sent (request line, headers and body), by the day the attempt finished

create table usage_daily (
    tenant_id    uuid not null references tenant (id),
    day          date not null,
    executions   bigint not null default 0,
    attempts     bigint not null default 0,
    egress_bytes bigint not null default 0,
    primary key (tenant_id, day)
);

-- Bytes an attempt sent (null when nothing went out, or before this migration).
alter table attempt add column request_bytes integer;

-- An installation that upgrades keeps its figures: the counters start from the attempts already recorded.
insert into usage_daily (tenant_id, day, executions, attempts, egress_bytes)
select tenant_id, day, sum(executions), sum(attempts), 0
  from (select tenant_id, cast(started_at at time zone 'UTC' as date) as day, count(*) as executions, 0 as attempts
          from attempt where number = 1 group by 1, 2
        union all
        select tenant_id, cast(finished_at at time zone 'UTC' as date), 0, count(*)
          from attempt group by 1, 2) as counts
 group by tenant_id, day;
