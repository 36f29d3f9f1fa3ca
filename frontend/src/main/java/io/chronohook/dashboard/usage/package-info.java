/** Usage and plan page: reads GET /api/v1/usage, writes nothing (a server-rendered SVG of executions per day); the audit log is next. */
package io.chronohook.dashboard.usage;
