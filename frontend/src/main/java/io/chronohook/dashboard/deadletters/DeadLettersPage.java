package io.chronohook.dashboard.deadletters;

import java.util.ArrayList;
import java.util.List;

import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.backend.Run;

/**
 * One page of dead runs, optionally of one job: the links to the next and first page keep the filter; {@code
 * filterError} says why the backend refused the job id typed in the filter.
 */
public record DeadLettersPage(String jobId, String cursor, Listing<Run> runs, String filterError, ReplayForm replay,
                              List<JobChoice> jobs) {

    /** The picker's choices: the recent jobs, and the filtered job even when it is not among them. */
    public List<JobChoice> choices() {
        if (jobId == null || jobs.stream().anyMatch(job -> job.id().equals(jobId))) {
            return jobs;
        }
        List<JobChoice> all = new ArrayList<>(jobs);
        all.add(new JobChoice(jobId, jobId));
        return all;
    }

    /** A run's job as the table shows it: its name, or its short id when it has none. */
    public static String jobLabel(Run run) {
        return run.jobName() != null ? run.jobName() : shortId(run.jobId());
    }

    static final int ERROR_SHOWN = 80;
    static final int SHORT_ID = 16;
    static final int ID_TAIL = 8;

    public String nextHref() {
        return runs.nextCursor() == null ? null : DeadLetterLinks.list(jobId, runs.nextCursor());
    }

    /** The first page with the same filter, or null on the first page. */
    public String firstHref() {
        return cursor == null ? null : DeadLetterLinks.list(jobId, null);
    }

    public boolean filtered() {
        return jobId != null;
    }

    /** A long id cut to its type prefix and last characters ({@code run_…c5121253}); the whole id goes in a title. */
    public static String shortId(String id) {
        int prefix = id == null ? -1 : id.indexOf('_');
        if (id == null || id.length() <= SHORT_ID || prefix < 0) {
            return id;
        }
        return id.substring(0, prefix + 1) + "…" + id.substring(id.length() - ID_TAIL);
    }

    /** The start of a long error for the table; the whole text goes in the cell's {@code title}. */
    public static String brief(String error) {
        if (error == null || error.length() <= ERROR_SHOWN) {
            return error;
        }
        return error.substring(0, ERROR_SHOWN - 1).stripTrailing() + "…";
    }
}
