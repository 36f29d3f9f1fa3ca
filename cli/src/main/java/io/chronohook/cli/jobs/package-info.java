/** {@code chk jobs}: lists, shows, creates, changes, pauses, resumes, triggers and deletes jobs over {@code /api/v1/jobs}. */
package io.chronohook.cli.jobs;
