-- Long-running work: a job may let its receiver answer 202 Accepted and go on working, reporting heartbeats (progress,
-- a checkpoint) and its completion or failure with a run token, within a longest duration and a heartbeat timeout.
alter table job
    add column long_running_max_ms       bigint check (long_running_max_ms > 0),
    add column long_running_heartbeat_ms bigint check (long_running_heartbeat_ms > 0),
    add constraint job_long_running_whole check ((long_running_max_ms is null) = (long_running_heartbeat_ms is null));

-- The run token of the attempt in flight: its SHA-256 (hex), never the token; cleared when the attempt ends, which
-- revokes it. A running run's lease_until is its heartbeat deadline (never past running_deadline, the attempt's
-- longest duration). progress (0..1, shown as a percentage) and checkpoint (JSON) are the last heartbeat's; result is
-- what the receiver completed with.
alter table run
    add column token_hash       text,
    add column heartbeat_at     timestamptz,
    add column running_since    timestamptz,
    add column running_deadline timestamptz,
    add column progress_message text,
    add column result           text;

-- How a long-running attempt (answered 202) ended: completed, failed, timed_out (heartbeat or longest duration),
-- cancelled; when, and why. token_hash lets a superseded attempt's token be told from a wrong one (409, not 401).
alter table attempt
    add column token_hash    text,
    add column running_until timestamptz,
    add column running_end   text check (running_end in ('completed', 'failed', 'timed_out', 'cancelled')),
    add column running_error text;
