/** API keys page: reads GET /api/v1/api-keys, writes POST /api/v1/api-keys and DELETE /api/v1/api-keys/{id}, shows a new key once; the signing secret page is next. */
package io.chronohook.dashboard.keys;
