/**
 * History kept bounded: the run and attempt tables partitioned by day (made ahead, dropped whole past the longest
 * plan's retention), each tenant's window onto its history (its plan's retention), and the purge of forgotten
 * idempotency keys and old audit events.
 */
package io.chronohook.history;
