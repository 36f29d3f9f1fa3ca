-- The index of jobs by label holds labelled jobs only. Every job row written anew (a create; the planner moving
-- next_fire_at; a one-shot job completed; a pause) enters the new version into each index of job, and a GIN index
-- enters a job with no labels too (an "empty item" entry, written through its pending list, which the writer that
-- fills it then merges into the index). Jobs without labels are never found through it: a label filter names one
-- label, and the list's statements say the job has some.
drop index job_labels_idx;
create index job_labels_idx on job using gin (labels jsonb_path_ops) where labels <> '{}'::jsonb;
