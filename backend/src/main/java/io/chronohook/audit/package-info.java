/** The audit log: every stage that changes an account or a job writes an event here; tenants read it through the API. */
package io.chronohook.audit;
