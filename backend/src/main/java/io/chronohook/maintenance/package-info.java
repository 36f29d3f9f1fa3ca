/** Maintenance duties, one class each: rebuild the gate from Postgres, offer again runs lost between gate and claim. */
package io.chronohook.maintenance;
