package io.chronohook.maintenance;

import io.chronohook.job.JobStore;
import reactor.core.publisher.Mono;

/**
 * Completes jobs that have no occurrence left once their last run has finished (succeeded, dead, cancelled or
 * skipped), so a one-shot job reads {@code active} while its run is in flight and {@code completed} only after.
 * Leaderless: the job rows are taken with {@code SKIP LOCKED}.
 */
public final class JobCompleter {

    private static final int BATCH = 1000;

    private final JobStore jobs;

    public JobCompleter(JobStore jobs) {
        this.jobs = jobs;
    }

    /** One round; returns how many jobs were completed. */
    public Mono<Long> runOnce() {
        return jobs.completeFinished(BATCH);
    }
}
