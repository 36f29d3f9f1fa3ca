/** Invoices page at /invoices: reads GET /api/v1/invoices (the open month and the closed ones), writes nothing; hands the API's CSV and JSON exports on to the browser as downloads; the usage page shows the current month in detail. */
package io.chronohook.dashboard.invoices;
