-- Why a run waited without an attempt being spent: the last time an open circuit held it back (for which host, when,
-- until when) and how many times that happened. Null / 0 for runs that were never held back.
alter table run
    add column deferred_count int not null default 0,
    add column deferred_reason text,
    add column deferred_host text,
    add column deferred_at timestamptz,
    add column deferred_until timestamptz;
