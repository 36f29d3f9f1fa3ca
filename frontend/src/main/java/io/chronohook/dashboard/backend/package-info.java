/** The one client of the backend REST API and the API's types: reads /api/v1 and /actuator/health with the session's token, writes nothing of its own; every page package is next. */
package io.chronohook.dashboard.backend;
