/** Tenants: reads and writes the tenant table for sign-up and every tenant-scoped stage; plans come from plan/. */
package io.chronohook.billing.tenant;
