/** Runs: reads due jobs, writes one run per occurrence (planner) and owns the run states and their transitions; the time gate is next. */
package io.chronohook.schedule;
