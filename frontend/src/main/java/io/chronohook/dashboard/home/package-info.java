/** Home page at /: reads the backend status from backend/, writes HTML through home.jte and layout/page.jte; the signed-in dashboard (jobs, runs, dead letters, keys) is next. */
package io.chronohook.dashboard.home;
