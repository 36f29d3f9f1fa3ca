/** Dashboard entry point and configuration: reads chronohook.dashboard.* (CHRONOHOOK_BACKEND_URL), writes nothing; the pages in home/ and the API client in backend/ are next. */
package io.chronohook.dashboard;
