package io.chronohook.maintenance;

import io.chronohook.job.JobId;
import io.chronohook.job.JobStore;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import reactor.core.publisher.Mono;

/**
 * Completes jobs that have no occurrence left once their last run has finished (succeeded, dead, cancelled or
 * skipped), so a one-shot job reads {@code active} while its run is in flight and {@code completed} only after. Most
 * are completed as their last run's outcome is written (the outcome recorder hands over the jobs of such runs); these
 * rounds find the rest (runs cancelled, skipped or ended by the lease rescuer, a job locked at that moment, an
 * instance gone between the two writes). Each round looks at the next jobs in id order after those the last one looked
 * at, so that jobs whose runs are still live (a backlog of one-shot jobs) are not looked at again round after round;
 * after the last job it starts again from the first. Leaderless: the job rows are taken with {@code SKIP LOCKED}. No
 * round is made while deliveries fill the instance (see {@link io.chronohook.platform.DeliveryPressure}): the jobs of a
 * burst are completed after its runs are delivered.
 */
public final class JobCompleter {

    private static final int BATCH = 1000;
    /**
     * A round that completed fewer jobs than this reports itself idle, so that the next waits the loop's pause: the
     * outcome recorder completes the jobs of runs as their outcomes are written, and while it keeps up (a burst of
     * one-shot jobs) back-to-back rounds would only look again at jobs whose runs are still in flight and race it for
     * the few it has queued. A backlog (more than the recorder may queue, an instance gone) is taken at full speed.
     */
    static final int BACKLOG = BATCH / 10;
    private static final JobId FIRST = new JobId(new UUID(0, 0));

    private final JobStore jobs;
    private final BooleanSupplier yielding;
    private final AtomicReference<JobId> after = new AtomicReference<>(FIRST);

    /** {@code yielding}: true while deliveries come first (no round is made). */
    public JobCompleter(JobStore jobs, BooleanSupplier yielding) {
        this.jobs = jobs;
        this.yielding = yielding;
    }

    /**
     * One round; returns how many jobs were completed, or 0 when fewer than {@link #BACKLOG} or none was looked at
     * (deliveries come first).
     */
    public Mono<Long> runOnce() {
        if (yielding.getAsBoolean()) {
            return Mono.just(0L);
        }
        return jobs.completeFinished(after.get(), BATCH).map(round -> {
            after.set(round.last() == null ? FIRST : round.last());
            return round.completed() < BACKLOG ? 0L : round.completed();
        });
    }
}
