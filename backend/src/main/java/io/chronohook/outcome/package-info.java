/** Outcomes: reads the result of each attempt, writes attempt rows and the run's next state in batches. */
package io.chronohook.outcome;
