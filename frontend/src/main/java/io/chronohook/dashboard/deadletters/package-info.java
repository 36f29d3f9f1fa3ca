/** Dead letters at /dead-letters: reads dead runs and bulk replay progress from the backend, writes single and bulk replays, next the run pages. */
package io.chronohook.dashboard.deadletters;
