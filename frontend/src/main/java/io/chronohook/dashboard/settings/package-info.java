/** Signing secret page: reads GET /api/v1/signing-secret (revealed on request), writes POST /api/v1/signing-secret/rotate; the usage page is next. */
package io.chronohook.dashboard.settings;
