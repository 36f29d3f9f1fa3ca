-- Usage: executions are runs whose first attempt fell in the period, counted from the durable run rows.
create index run_tenant_first_attempt_idx on run (tenant_id, first_attempt_at) where first_attempt_at is not null;
