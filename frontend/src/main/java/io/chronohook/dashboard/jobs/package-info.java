/** The jobs pages (list, form with live preview, detail with actions): reads /api/v1/jobs, their activity and runs, writes jobs through the API (create, merge-patch, pause, resume, trigger, delete); the run pages under /runs are next. */
package io.chronohook.dashboard.jobs;
