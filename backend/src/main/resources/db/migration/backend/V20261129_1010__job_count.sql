-- A tenant's live jobs (active or paused), counted as they are created, deleted and completed, so that the plan's job
-- limit is checked without counting the tenant's jobs. The count is split over stripes (rows) per tenant: a create
-- takes a free stripe (SKIP LOCKED), so concurrent creates of one tenant do not wait on each other; the tenant's
-- live jobs are the sum of its stripes (one stripe may go below zero: only the sum means anything).
create table job_count (
    tenant_id uuid     not null,
    stripe    smallint not null check (stripe >= 0),
    live      bigint   not null,
    primary key (tenant_id, stripe)
);

insert into job_count (tenant_id, stripe, live)
select t.tenant_id, g.stripe, case when g.stripe = 0 then t.live else 0 end
  from (select tenant_id, count(*) as live from job where state in ('active', 'paused') group by tenant_id) t
 cross join generate_series(0, 15) as g(stripe);
