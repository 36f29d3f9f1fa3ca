/** {@code chk runs}: a job's runs ({@code GET /api/v1/jobs/{id}/runs}), one run with its attempts, and following runs live. */
package io.chronohook.cli.runs;
