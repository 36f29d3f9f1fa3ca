/** Audit log page: reads GET /api/v1/audit a page at a time, writes nothing; links its job and run targets to the jobs and runs pages. */
package io.chronohook.dashboard.audit;
