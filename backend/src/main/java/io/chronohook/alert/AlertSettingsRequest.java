package io.chronohook.alert;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * {@code PUT /api/v1/alerts/settings}: the alert webhook, and optionally the failing threshold, the missed window and
 * the cooldown (ISO-8601 durations) and the events wanted; what is left out takes the installation's default.
 */
@Schema(description = "The alert webhook and when alerts are raised; a field left out takes the installation's "
        + "default, not the value saved before.")
public record AlertSettingsRequest(
        @Schema(description = "The webhook alerts are sent to, checked like a job's target: `https://` (plain "
                + "`http://`, private and loopback addresses only where the installation allows them), at most 2048 "
                + "characters; its shape when saved (no DNS lookup), its resolved addresses at every try "
                + "(`target_not_allowed` otherwise).", example = "https://api.example.com/hooks/chronohook-alerts",
                requiredMode = Schema.RequiredMode.REQUIRED)
        String url,
        @Schema(description = "How many dead runs in a row make a job `job.failing`: 1–100; default 5.", example = "5")
        Integer failingThreshold,
        @Schema(description = "How long after its due time a run that has not started raises `run.missed_window`: an "
                + "ISO-8601 duration, `PT10S`–`PT6H`; default `PT60S`.", example = "PT60S")
        String missedWindowAfter,
        @Schema(description = "The least time between two alerts of the same event for the same job: an ISO-8601 "
                + "duration, `PT1M`–`P7D`; default `PT1H`. Alerts within it are held back and counted in the next "
                + "one's `suppressed`.", example = "PT1H")
        String cooldown,
        @Schema(description = "The events to alert on: a non-empty subset; default all five.",
                example = "[\"run.dead_lettered\", \"job.failing\", \"job.auto_paused\"]")
        @ArraySchema(schema = @Schema(allowableValues = {"run.dead_lettered", "job.failing", "run.missed_window",
                "run.timed_out", "job.auto_paused"}))
        List<String> events) {
}
