/** Usage: reads the durable run and attempt rows of a tenant's billing period, writes usage and the invoice preview. */
package io.chronohook.usage;
