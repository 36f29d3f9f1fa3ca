package io.chronohook.e2e.support;

import java.time.Duration;
import java.time.Instant;

/** Waits for a condition that may throw while it is checked (an HTTP call), asking again every 200 ms. */
public final class Await {

    private Await() {
    }

    /** A condition to wait for. */
    public interface Check {
        boolean holds() throws Exception;
    }

    /** What was seen when a wait failed, for its message. */
    public interface Seen {
        String describe() throws Exception;
    }

    /** Returns once {@code check} holds; fails with an {@link AssertionError} if it does not within {@code atMost}. */
    public static void until(Check check, Duration atMost) throws Exception {
        until(check, atMost, () -> "");
    }

    /** As {@link #until(Check, Duration)}, the failure saying what {@code seen} describes at that moment. */
    public static void until(Check check, Duration atMost, Seen seen) throws Exception {
        Instant deadline = Instant.now().plus(atMost);
        while (!check.holds()) {
            if (Instant.now().isAfter(deadline)) {
                String described = seen.describe();
                throw new AssertionError("not within " + atMost + (described.isEmpty() ? "" : ": " + described));
            }
            Thread.sleep(200);
        }
    }
}
