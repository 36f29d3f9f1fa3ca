-- Flow control: the requests a tenant on the plan may have in flight to one target host, unless it set limits of
-- its own for that host (null: no limit).
alter table plan add column endpoint_max_in_flight integer check (endpoint_max_in_flight > 0);

update plan set endpoint_max_in_flight = 10   where code = 'free';
update plan set endpoint_max_in_flight = 100  where code = 'pro';
update plan set endpoint_max_in_flight = 1000 where code = 'business';
