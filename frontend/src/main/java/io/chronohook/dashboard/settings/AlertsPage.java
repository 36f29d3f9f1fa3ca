package io.chronohook.dashboard.settings;

import java.util.List;

import io.chronohook.dashboard.backend.Alert;
import io.chronohook.dashboard.backend.AlertSettings;

/** The alerts page: whether alerts are on, the settings form, and the most recent alerts with their delivery. */
public record AlertsPage(AlertSettings settings, AlertsForm form, List<Alert> recent) {

    public AlertsPage {
        recent = List.copyOf(recent);
    }

    /** What an alert is about, in a few words. */
    public static String summary(Alert alert) {
        String job = alert.fact("jobName") != null ? "“" + alert.fact("jobName") + "”" : alert.jobId();
        return switch (alert.type()) {
            case "run.dead_lettered" -> "Run of " + job + " dead-lettered after " + alert.fact("attempts")
                    + " attempts";
            case "job.failing" -> job + " failing: its last " + alert.fact("failedRuns") + " runs ended dead";
            case "run.missed_window" -> "skipped".equals(alert.fact("reason"))
                    ? "Run of " + job + " skipped as missed"
                    : "Run of " + job + " not started within " + alert.fact("missedWindowAfter");
            case "run.timed_out" -> "Run of " + job + " timed out ("
                    + ("max_duration".equals(alert.fact("reason")) ? "past its longest duration" : "no heartbeat")
                    + ") on attempt " + alert.fact("attempt")
                    + ("true".equals(alert.fact("willRetry")) ? ", retrying" : ", not retried");
            case "job.auto_paused" -> job + " paused: its receiver answered 410 Gone";
            case "alert.test" -> "Test alert";
            default -> alert.type();
        };
    }
}
