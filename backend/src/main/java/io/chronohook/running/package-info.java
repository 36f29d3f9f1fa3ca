/**
 * Long-running work (docs/long-running.md): run tokens issued to the claimed runs of long-running jobs, the
 * receiver's heartbeats, completion and failure of a {@code running} run, and the loop that times out runs whose
 * heartbeats stopped or whose longest duration passed.
 */
package io.chronohook.running;
