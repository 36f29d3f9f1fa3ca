-- Active jobs with no occurrence left, waiting for their last run to finish before they are completed: the job
-- completer's scan, a handful of rows however many jobs are registered.
create index job_awaiting_completion_idx on job (id) where state = 'active' and next_fire_at is null;
