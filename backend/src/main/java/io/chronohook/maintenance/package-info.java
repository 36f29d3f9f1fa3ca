/**
 * Maintenance duties, one class each: rebuild the gate from Postgres, offer again runs lost between gate and claim,
 * complete jobs whose last run finished.
 */
package io.chronohook.maintenance;
