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

    /** Returns once {@code check} holds; fails with an {@link AssertionError} if it does not within {@code atMost}. */
    public static void until(Check check, Duration atMost) throws Exception {
        Instant deadline = Instant.now().plus(atMost);
        while (!check.holds()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("not within " + atMost);
            }
            Thread.sleep(200);
        }
    }
}
