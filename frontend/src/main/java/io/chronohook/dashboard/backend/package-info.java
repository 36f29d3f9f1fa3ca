/** The one client of the backend REST API: reads the backend's /actuator/health, writes nothing yet; sign-up, keys, jobs, runs and dead-letter calls are next. */
package io.chronohook.dashboard.backend;
