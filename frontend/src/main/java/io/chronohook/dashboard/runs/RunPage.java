package io.chronohook.dashboard.runs;

import java.time.Duration;
import java.time.Instant;

import io.chronohook.dashboard.backend.Run;
import io.chronohook.dashboard.page.Times;

/**
 * What the run page shows: the run with its attempts, the name of its job ({@code null} when it cannot be read), and
 * the lags worked out from the run's timestamps ({@code null} while a timestamp is missing).
 */
public record RunPage(Run run, String jobName, String schedulingLag, String startLag, String duration) {

    /** The page for {@code run}: scheduling lag = released − scheduled, start lag = first attempt − released. */
    public static RunPage of(Run run, String jobName) {
        return new RunPage(run, jobName, between(run.scheduledFor(), run.releasedAt()),
                between(run.releasedAt(), run.firstAttemptAt()), between(run.firstAttemptAt(), run.finishedAt()));
    }

    /** The time from {@code from} to {@code to} for people ({@code 250 ms}, {@code 1.5 s}); null if either is missing. */
    static String between(Instant from, Instant to) {
        if (from == null || to == null) {
            return null;
        }
        long ms = Duration.between(from, to).toMillis();
        return ms < 0 ? "−" + Times.millis(-ms) : Times.millis(ms);
    }

    /** Long-running (202 accepted) runs report progress and a checkpoint. */
    public boolean showsProgress() {
        return run.progress() != null || run.checkpoint() != null || "running".equals(run.state());
    }

    /** The reported progress (per cent done) as a fraction between 0 and 1. */
    public double progress() {
        return run.progress() == null ? 0 : Math.max(0, Math.min(1, run.progress() / 100));
    }

    /** The timeline mark of an attempt: {@code ok} when delivered, none when deferred by an open circuit, else bad. */
    public static String timelineClass(String outcome) {
        if (outcome == null) {
            return "";
        }
        return switch (outcome) {
            case "delivered", "accepted" -> "ok";
            case "short_circuited" -> "deferred";
            default -> "bad";
        };
    }

    /** An attempt's latency for people, or null when none was measured. */
    public static String latency(Integer latencyMs) {
        return latencyMs == null ? null : Times.millis(latencyMs);
    }
}
