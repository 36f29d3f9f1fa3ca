package io.chronohook.history;

import io.chronohook.platform.Uuid7;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Where the ids of runs can lie, so that the statements that read a job's runs without knowing their ids say so and
 * Postgres plans only the day partitions that can hold them: planning a statement over a partition costs about as much
 * as reading from it, and every partition made ahead for the days to come, or kept for a month of history, would
 * otherwise be planned on each read of a job.
 *
 * <p>A run's id is made from its occurrence time ({@link Uuid7#ofOccurrence}). No run is made further ahead than the
 * gate's horizon plus the planner's reach (at most ten minutes and one minute), and none of a job before the job was
 * made, less a minute (a one-shot job may be set up to a minute in the past). {@link #SLACK} on both sides leaves room
 * for instances whose clocks disagree.
 */
@Component
public class RunIdBounds {

    /** Room for clocks that disagree, and for the gate's horizon and the planner's reach, on either side. */
    static final Duration SLACK = Duration.ofHours(1);

    private final Clock clock;

    public RunIdBounds(Clock clock) {
        this.clock = clock;
    }

    /** An id above every run's that exists now. */
    public UUID ceiling() {
        return Uuid7.floor(clock.instant().plus(SLACK));
    }

    /** The earliest time a run of a job made at {@code jobCreatedAt} can carry in its id. */
    public static Instant earliestRunOf(Instant jobCreatedAt) {
        return jobCreatedAt.minus(SLACK);
    }
}
