package io.chronohook.dashboard.jobs;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.chronohook.dashboard.backend.Job;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.backend.Run;

/**
 * A job's page: its definition, a page of its runs (filtered by state), the key that makes a double "Trigger now"
 * start one run, the run just triggered (to link to it), and whether the page should refresh itself.
 */
public record JobDetailPage(Job job, String words, Listing<Run> runs, String runState, String nextHref,
                            String firstHref, boolean firstPage, String triggerKey, String triggeredRunId,
                            Instant now) {

    /** Run states to filter by. */
    public static final List<String> RUN_STATES = List.of("scheduled", "queued", "delivering", "running",
            "retry_wait", "succeeded", "dead", "cancelled", "skipped", "quota_exceeded");

    /** A body longer than this is folded away. */
    static final int LONG_BODY = 400;
    static final int ERROR_LENGTH = 80;

    /** Live while a listed run is still moving, or the job is about to fire. */
    public boolean refresh() {
        if (runs.items().stream().anyMatch(Run::isLive)) {
            return true;
        }
        if (!"active".equals(job.state()) || job.nextRunAt() == null) {
            return false;
        }
        // A run due about now (within a minute either way); a next run long past is stale data, not an imminent run.
        Duration untilNext = Duration.between(now, job.nextRunAt());
        return untilNext.abs().compareTo(Duration.ofMinutes(1)) <= 0;
    }

    public String path() {
        return JobFormController.jobPath(job.id());
    }

    public boolean active() {
        return "active".equals(job.state());
    }

    public boolean paused() {
        return "paused".equals(job.state());
    }

    public Job.Schedule schedule() {
        return job.schedule() == null ? new Job.Schedule(null, null, null, null, null, null, null, null, null)
                : job.schedule();
    }

    public boolean recurring() {
        return "cron".equals(schedule().type()) || "interval".equals(schedule().type());
    }

    public Job.Target target() {
        return job.target() == null ? new Job.Target("", "POST", Map.of(), null, null) : job.target();
    }

    public List<Map.Entry<String, String>> headers() {
        return target().headers().entrySet().stream().sorted(Map.Entry.comparingByKey()).toList();
    }

    public List<String> labels() {
        return JobRow.chips(job.labels());
    }

    public boolean longBody() {
        String body = target().body();
        return body != null && (body.length() > LONG_BODY || body.lines().count() > 8);
    }

    /** "up to 5 attempts, backoff 10 s doubling to 1 h, no retry later than 6 h". */
    public String retry() {
        Job.Retry retry = job.retry();
        if (retry == null) {
            return "—";
        }
        String text = retry.maxAttempts() == 1 ? "1 attempt, no retries"
                : "up to " + retry.maxAttempts() + " attempts, backoff " + Durations.brief(retry.initialDelay())
                        + " doubling to " + Durations.brief(retry.maxDelay());
        return retry.maxRetryWindow() == null ? text
                : text + ", no attempt later than " + Durations.brief(retry.maxRetryWindow()) + " after the scheduled time";
    }

    public String missedRuns() {
        String policy = job.missedRunPolicy();
        if (policy == null) {
            return "—";
        }
        return switch (policy) {
            case "fire_once" -> "fire once (the latest missed run)";
            case "backfill" -> "backfill every missed run, up to " + (job.backfillLimit() == null ? 10 : job.backfillLimit());
            case "skip" -> "skip (only future runs)";
            default -> policy;
        };
    }

    public String overlap() {
        String policy = job.overlapPolicy();
        if (policy == null) {
            return "—";
        }
        return switch (policy) {
            case "allow" -> "allow (start the next run anyway)";
            case "skip" -> "skip the next run while one is in flight";
            case "queue" -> "queue the next run until the previous one ends";
            default -> policy;
        };
    }

    public String semantics() {
        String semantics = job.deliverySemantics();
        return semantics == null ? "—" : semantics.replace('_', ' ');
    }

    public String spread() {
        String spread = job.spread();
        return spread == null || Durations.brief(spread).equals("none") ? "none"
                : "up to " + Durations.brief(spread) + " after each occurrence";
    }

    /** The job's flow key as given, with what a template resolved to; null without one. */
    public String flowKey() {
        if (job.flowKey() == null) {
            return null;
        }
        return job.resolvedFlowKey() == null ? job.flowKey() : job.resolvedFlowKey() + " (" + job.flowKey() + ")";
    }

    /** Whether the receiver may answer 202 and go on working, and within which deadlines. */
    public String longRunning() {
        Job.LongRunning longRunning = job.longRunning();
        return longRunning == null ? "no (a 2xx answer ends the run)"
                : "up to " + Durations.brief(longRunning.maxDuration()) + " per attempt, a heartbeat at least every "
                        + Durations.brief(longRunning.heartbeatTimeout());
    }

    public String duration(String iso) {
        return Durations.brief(iso);
    }

    /** The error cut to a table cell's length. */
    public static String shortError(String error) {
        if (error == null) {
            return "";
        }
        String line = error.strip().replaceAll("\\s+", " ");
        return line.length() <= ERROR_LENGTH ? line : line.substring(0, ERROR_LENGTH - 1) + "…";
    }

    /** "run_…3f9a0c2e": the type and the end of an id, which is what tells runs apart (the full id is in the title). */
    public static String shortId(String id) {
        int underscore = id.indexOf('_');
        return id.length() <= 16 ? id : id.substring(0, underscore + 1) + "…" + id.substring(id.length() - 8);
    }

    public static String runHref(String runId) {
        return "/runs/" + org.springframework.web.util.UriUtils.encodePathSegment(runId,
                java.nio.charset.StandardCharsets.UTF_8);
    }
}
