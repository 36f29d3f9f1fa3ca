/** Endpoint health at /endpoints: reads each target host's circuit breaker and last day's deliveries from the backend, writes nothing, next the dead letters and runs. */
package io.chronohook.dashboard.endpoints;
