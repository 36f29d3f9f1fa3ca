/** Standard Webhooks signing: reads a run's id, timestamp and body with the tenant's secrets, writes the signature header; the sender is next. */
package io.chronohook.dispatch.signing;
