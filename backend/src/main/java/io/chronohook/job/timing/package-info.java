/** When a job fires: parses cron, interval and one-shot schedules and computes fire times; the planner reads them next. */
package io.chronohook.job.timing;
