/** Job activity: reads the finished runs of a tenant's jobs, writes hourly succeeded and dead counts for the dashboard. */
package io.chronohook.activity;
