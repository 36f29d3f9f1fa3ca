/** Observability: reads what each stage did (claimed runs, finished attempts, planner rounds, depths), writes spans and meters; meter and span names live here. */
package io.chronohook.observability;
