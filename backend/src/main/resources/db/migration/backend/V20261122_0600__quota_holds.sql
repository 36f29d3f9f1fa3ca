-- Runs held because their tenant's monthly executions are spent, found per tenant and period when a plan change
-- releases them.
create index run_held_idx on run (tenant_id, scheduled_for) where state = 'quota_exceeded';

-- Runs whose execution is reserved but not yet recorded (released from a hold, or deferred before their first
-- attempt went out): the execution counter is seeded with them.
create index run_unexecuted_idx on run (tenant_id)
    where first_attempt_at is null and state in ('queued', 'delivering', 'running', 'retry_wait');
