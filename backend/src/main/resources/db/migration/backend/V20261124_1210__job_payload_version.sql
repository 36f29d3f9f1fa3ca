-- Counts the changes of a job's definition (its payload among them) apart from its version, which pausing, resuming
-- and completing move too: an attempt keeps the payload version it sent, and the run page shows the body while the
-- job is still at it.
alter table job add column payload_version int not null default 1;
