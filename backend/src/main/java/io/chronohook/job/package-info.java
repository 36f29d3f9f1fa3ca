/** Job definitions: reads the jobs API, validates schedules and targets, writes job rows; the planner reads them next. */
package io.chronohook.job;
