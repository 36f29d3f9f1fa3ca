package io.chronohook.alert;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.Map;

/** An alert as the API shows it: the payload's {@code data}, and how its delivery went. */
@Schema(description = "An alert sent (or to be sent) to the tenant's alert webhook, and how its delivery went.")
public record AlertView(
        @Schema(description = "The alert's id (`alr_…`): the `webhook-id` of every try to deliver it.",
                example = "alr_0195a7f01d2c7e4fa9b8c7d6e5f4a3b2", requiredMode = Schema.RequiredMode.REQUIRED)
        String id,
        @Schema(description = "What the alert is about: one of the events, or `alert.test` for a test alert.",
                example = "run.dead_lettered", allowableValues = {"run.dead_lettered", "job.failing",
                        "run.missed_window", "run.timed_out", "job.auto_paused", "alert.test"},
                requiredMode = Schema.RequiredMode.REQUIRED)
        String type,
        @Schema(description = "How its delivery goes: `pending` (waiting for a try), `sending`, `delivered`, "
                + "`suppressed` (held back by the cooldown) or `failed` (its tries spent, or alerts turned off "
                + "before it was sent).",
                example = "delivered", allowableValues = {"pending", "sending", "delivered", "suppressed", "failed"},
                requiredMode = Schema.RequiredMode.REQUIRED)
        String state,
        @Schema(description = "The job the alert is about; null for a test alert.",
                example = "job_0195a6b2c3d47e5f8a9b0c1d2e3f4a5b")
        String jobId,
        @Schema(description = "The run that raised the alert (for `job.failing`, the last dead run); null for a test "
                + "alert.", example = "run_0195a7ee5b6c7d8e9f0a1b2c3d4e5f6a")
        String runId,
        @Schema(description = "The alert payload's `data`, as the webhook receives it: the ids, the job's name, the "
                + "scheduled time and the event's own facts; `{message}` for a test alert.",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Map<String, Object> data,
        @Schema(description = "Tries made to deliver it.", example = "1", requiredMode = Schema.RequiredMode.REQUIRED)
        int attempts,
        @Schema(description = "Alerts of the same event and job the cooldown held back before this one.",
                example = "0", requiredMode = Schema.RequiredMode.REQUIRED)
        int suppressed,
        @Schema(description = "The HTTP status the last try got; null before the first try and when the last got "
                + "no answer.", example = "503")
        Integer lastStatusCode,
        @Schema(description = "Why the last try did not deliver it; null before the first try and once delivered.",
                example = "the alert webhook answered HTTP 503")
        String lastError,
        @Schema(description = "When the alert was raised.", example = "2026-03-01T09:00:05Z",
                requiredMode = Schema.RequiredMode.REQUIRED)
        Instant createdAt,
        @Schema(description = "When its delivery ended (`delivered`, `suppressed` or `failed`); null before.",
                example = "2026-03-01T09:00:06Z")
        Instant finishedAt) {

    static AlertView of(Alert alert) {
        return new AlertView(alert.id().toString(), alert.kind().wire(), alert.state(),
                alert.jobId() == null ? null : alert.jobId().toString(),
                alert.runId() == null ? null : alert.runId().toString(),
                AlertPayload.data(alert), alert.attempts(), alert.suppressedBefore(), alert.lastStatusCode(),
                alert.lastError(), alert.createdAt(), alert.finishedAt());
    }
}
