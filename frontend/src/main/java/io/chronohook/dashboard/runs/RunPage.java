package io.chronohook.dashboard.runs;

import java.time.Duration;
import java.time.Instant;

import io.chronohook.dashboard.backend.Run;
import io.chronohook.dashboard.page.Figures;
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
        return run.progress() != null || run.checkpoint() != null || run.running() != null
                || "running".equals(run.state());
    }

    /** How long the attempt has run (until now while running, until the run finished otherwise); null if never. */
    public String elapsed(Instant now) {
        Run.Running running = run.running();
        if (running == null || running.since() == null) {
            return null;
        }
        Instant end = "running".equals(run.state()) || run.finishedAt() == null ? now : run.finishedAt();
        long seconds = Math.max(0, Duration.between(running.since(), end).toSeconds());
        return seconds < 60 ? seconds + " s"
                : seconds < 3600 ? seconds / 60 + " min " + seconds % 60 + " s"
                : seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    /** The checkpoint's size for people ({@code 1.2 KiB}); null without one. */
    public String checkpointSize() {
        Run.Running running = run.running();
        return running == null || running.checkpointBytes() == null ? null
                : Figures.bytes(running.checkpointBytes());
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

    /** How a long-running attempt's work ended, for people. */
    public static String runningEnd(String how) {
        return switch (how) {
            case "completed" -> "completed";
            case "failed" -> "failed (the receiver reported it)";
            case "timed_out" -> "timed out";
            case "cancelled" -> "cancelled";
            default -> how;
        };
    }

    /** An attempt's latency for people, or null when none was measured. */
    public static String latency(Integer latencyMs) {
        return latencyMs == null ? null : Times.millis(latencyMs);
    }
}
