package io.chronohook.dashboard.jobs;

import java.time.Instant;
import java.util.List;

import io.chronohook.dashboard.backend.Job;
import io.chronohook.dashboard.backend.JobActivity;
import io.chronohook.dashboard.page.Times;

/**
 * One line of the jobs list: the job, its schedule in words, its last result and, when the backend reported activity,
 * the 24 h sparkline and success rate.
 */
public record JobRow(Job job, String words, LastResult last, String sparkline, String rate) {

    /**
     * What the newest runs ended as: the job's last run when the backend included it; otherwise the newest hour in which
     * runs ended, as a badge when they all ended alike ({@code hour} says which hour), or as counts when they did not.
     */
    public record LastResult(String state, Integer statusCode, String runId, String counts, Instant hour) {
    }

    static JobRow of(Job job, JobActivity activity, Times times) {
        String words = ScheduleWords.of(job.schedule(), times.zone());
        if (activity == null) {
            return new JobRow(job, words, last(job, null), null, null);
        }
        return new JobRow(job, words, last(job, activity), Sparkline.svg(activity, times), Sparkline.rate(activity));
    }

    private static LastResult last(Job job, JobActivity activity) {
        if (job.lastRun() != null) {
            Job.LastRun run = job.lastRun();
            return new LastResult(run.state(), run.statusCode(), run.id(), null, null);
        }
        if (activity == null) {
            return null;
        }
        List<JobActivity.Bucket> buckets = activity.buckets();
        for (int i = buckets.size() - 1; i >= 0; i--) {
            JobActivity.Bucket bucket = buckets.get(i);
            if (bucket.succeeded() + bucket.failed() == 0) {
                continue;
            }
            if (bucket.failed() == 0) {
                return new LastResult("succeeded", null, null, null, bucket.start());
            }
            if (bucket.succeeded() == 0) {
                return new LastResult("failed", null, null, null, bucket.start());
            }
            return new LastResult(null, null, null,
                    bucket.succeeded() + " succeeded, " + bucket.failed() + " failed", bucket.start());
        }
        return null;
    }

    /** "07:00": the hour the last result is from, in the display zone. */
    public String hourOf(Times times) {
        return last == null || last.hour() == null ? ""
                : java.time.format.DateTimeFormatter.ofPattern("HH:mm").format(last.hour().atZone(times.zone()));
    }

    public String href() {
        return JobFormController.jobPath(job.id());
    }

    /** The labels as {@code key:value} chips, sorted. */
    public List<String> labels() {
        return chips(job.labels());
    }

    /** Labels as {@code key:value} texts, sorted by key. */
    static List<String> chips(java.util.Map<String, String> labels) {
        return labels.entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .map(label -> label.getKey() + ":" + label.getValue()).toList();
    }
}
