/** The run page at /runs/{id}: reads the run with its attempts (and its job's name) from the backend, writes cancel and replay of that run, next the job's page and the dead letters. */
package io.chronohook.dashboard.runs;
