package io.chronohook.maintenance;

import io.chronohook.job.JobId;
import io.chronohook.job.JobStore;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Mono;

/**
 * Completes jobs that have no occurrence left once their last run has finished (succeeded, dead, cancelled or
 * skipped), so a one-shot job reads {@code active} while its run is in flight and {@code completed} only after. Most
 * are completed as their last run's outcome is written (the outcome recorder hands over the jobs of such runs); these
 * rounds find the rest (runs cancelled, skipped or ended by the lease rescuer, a job locked at that moment, an
 * instance gone between the two writes). Each round looks at the next jobs in id order after those the last one looked
 * at, so that jobs whose runs are still live (a backlog of one-shot jobs) are not looked at again round after round;
 * after the last job it starts again from the first. Leaderless: the job rows are taken with {@code SKIP LOCKED}.
 */
public final class JobCompleter {

    private static final int BATCH = 1000;
    private static final JobId FIRST = new JobId(new UUID(0, 0));

    private final JobStore jobs;
    private final AtomicReference<JobId> after = new AtomicReference<>(FIRST);

    public JobCompleter(JobStore jobs) {
        this.jobs = jobs;
    }

    /** One round; returns how many jobs were completed. */
    public Mono<Long> runOnce() {
        return jobs.completeFinished(after.get(), BATCH).map(round -> {
            after.set(round.last() == null ? FIRST : round.last());
            return round.completed();
        });
    }
}
