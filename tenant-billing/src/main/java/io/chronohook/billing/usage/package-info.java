/** Usage and invoices: reads executions counted per tenant and period, writes the invoice preview of the period. */
package io.chronohook.billing.usage;
