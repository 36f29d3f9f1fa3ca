/** {@code chk schedules preview}: a schedule's next fire times from {@code POST /api/v1/schedules/preview}. */
package io.chronohook.cli.schedules;
