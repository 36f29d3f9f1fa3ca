-- Long-running work: how long one attempt of a long-running job may stay running, and how large the checkpoint it
-- reports (and the result it completes with) may be.
alter table plan
    add column max_running_seconds   bigint  not null default 3600 check (max_running_seconds > 0),
    add column max_checkpoint_bytes  integer not null default 4096 check (max_checkpoint_bytes > 0);

update plan set max_running_seconds = 3600,      max_checkpoint_bytes = 4096    where code = 'free';
update plan set max_running_seconds = 86400,     max_checkpoint_bytes = 65536   where code = 'pro';
update plan set max_running_seconds = 604800,    max_checkpoint_bytes = 262144  where code = 'business';
update plan set max_running_seconds = 2592000,   max_checkpoint_bytes = 1048576 where code = 'unlimited';
