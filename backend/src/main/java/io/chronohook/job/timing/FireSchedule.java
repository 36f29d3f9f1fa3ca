package io.chronohook.job.timing;

import java.time.Instant;
import java.util.Optional;

/** When a job fires: the next fire instant strictly after a given instant, for as long as there is one. */
public sealed interface FireSchedule permits CronSchedule, IntervalSchedule, OnceSchedule, BoundedSchedule {

    /**
     * The first fire instant strictly after {@code after}.
     *
     * @param after the exclusive lower bound
     * @return the fire instant, or empty when the schedule has no fire after {@code after}
     */
    Optional<Instant> nextAfter(Instant after);
}
