/** Tenant alerts: reads finished attempts, overdue and skipped runs; writes the alert outbox; next, the tenant's alert webhook. */
package io.chronohook.alert;
