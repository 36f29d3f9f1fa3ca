package io.chronohook.job.timing;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Lists upcoming fire instants of a schedule, for previews. */
public final class FireTimes {

    private FireTimes() {
    }

    /**
     * The next {@code count} fire instants strictly after {@code after}, fewer when the schedule ends first.
     *
     * @param schedule the schedule to preview
     * @param after the exclusive lower bound of the first instant
     * @param count how many instants at most; zero gives an empty list
     * @return the instants, strictly increasing
     */
    public static List<Instant> preview(FireSchedule schedule, Instant after, int count) {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(after, "after");
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, got " + count);
        }
        List<Instant> fires = new ArrayList<>(Math.min(count, 1_000));
        Instant cursor = after;
        while (fires.size() < count) {
            Optional<Instant> next = schedule.nextAfter(cursor);
            if (next.isEmpty()) {
                break;
            }
            cursor = next.get();
            fires.add(cursor);
        }
        return List.copyOf(fires);
    }
}
