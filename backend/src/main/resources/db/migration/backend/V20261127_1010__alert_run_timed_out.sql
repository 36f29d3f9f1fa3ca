-- Alerts for long-running attempts that timed out (run.timed_out). Tenants who chose to hear of dead runs hear of
-- timeouts too: a timeout is the failure of a long-running run, whether it is retried or ends dead.
alter table alert drop constraint alert_kind_check;
alter table alert add constraint alert_kind_check
    check (kind in ('run.dead_lettered', 'job.failing', 'run.missed_window', 'run.timed_out', 'job.auto_paused',
                    'alert.test'));

update alert_settings
   set events = events || array['run.timed_out']
 where 'run.dead_lettered' = any(events) and not 'run.timed_out' = any(events);
