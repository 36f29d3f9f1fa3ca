/** Operator page: reads the operator token form and GET /api/v1/operator/stats and /plans with that token, writes the HttpOnly operator cookie; installation-wide, no tenant pages next. */
package io.chronohook.dashboard.operator;
