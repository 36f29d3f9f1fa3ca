package io.chronohook.alert;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** A tenant's alert settings as the API shows them; {@code enabled} false (and no URL) until a webhook is set. */
@Schema(description = "The tenant's alert settings; with no webhook set, `enabled` false, `url` null and the "
        + "installation's defaults.")
public record AlertSettingsView(
        @Schema(description = "Whether an alert webhook is set.", example = "true",
                requiredMode = Schema.RequiredMode.REQUIRED)
        boolean enabled,
        @Schema(description = "The webhook alerts are sent to; null when none is set.",
                example = "https://api.example.com/hooks/chronohook-alerts")
        String url,
        @Schema(description = "How many dead runs in a row make a job `job.failing`.", example = "5",
                requiredMode = Schema.RequiredMode.REQUIRED)
        int failingThreshold,
        @Schema(description = "How long after its due time a run that has not started raises `run.missed_window` "
                + "(ISO-8601 duration).", example = "PT1M", requiredMode = Schema.RequiredMode.REQUIRED)
        String missedWindowAfter,
        @Schema(description = "The least time between two alerts of the same event for the same job (ISO-8601 "
                + "duration).", example = "PT1H", requiredMode = Schema.RequiredMode.REQUIRED)
        String cooldown,
        @Schema(description = "The events alerted on.",
                example = "[\"run.dead_lettered\", \"job.failing\", \"job.auto_paused\"]",
                requiredMode = Schema.RequiredMode.REQUIRED)
        @ArraySchema(schema = @Schema(allowableValues = {"run.dead_lettered", "job.failing", "run.missed_window",
                "run.timed_out", "job.auto_paused"}))
        List<String> events,
        @Schema(description = "When the settings were last saved; null when no webhook is set.",
                example = "2026-03-01T09:00:00Z")
        Instant updatedAt) {

    static AlertSettingsView of(AlertSettings settings) {
        return new AlertSettingsView(true, settings.url().toString(), settings.failingThreshold(),
                settings.missedWindowAfter().toString(), settings.cooldown().toString(),
                settings.events().stream().map(AlertKind::wire).toList(), settings.updatedAt());
    }

    static AlertSettingsView off(AlertProperties.Defaults defaults) {
        return new AlertSettingsView(false, null, defaults.failingThreshold(), defaults.missedWindowAfter().toString(),
                defaults.cooldown().toString(), AlertKind.EVENTS.stream().map(AlertKind::wire).toList(), null);
    }
}
