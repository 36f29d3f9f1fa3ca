-- A bulk replay belongs to the node working on it, which heartbeats it with each chunk; a replay whose node died is
-- taken over by another and goes on after the last chunk it wrote (cursor_id), up to the last run of the batch.
alter table replay_batch add column owner        uuid;
alter table replay_batch add column heartbeat_at timestamptz;
alter table replay_batch add column cursor_id    uuid;
alter table replay_batch add column last_id      uuid;
create index replay_batch_running_idx on replay_batch (heartbeat_at) where state = 'running';
