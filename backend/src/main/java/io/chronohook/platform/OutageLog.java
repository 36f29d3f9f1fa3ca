package io.chronohook.platform;

import java.time.Duration;
import org.slf4j.Logger;

/**
 * One warning per outage: the first failure is logged (without a stack trace: the cause is the outage, not the
 * code), repeats are only counted, and the first success after them logs how many there were. Where successes are
 * not reported, a failure after a minute without any starts a new outage (and is logged).
 */
public final class OutageLog {

    private static final long QUIET_NANOS = Duration.ofMinutes(1).toNanos();

    private final Logger log;
    private final String what;
    private long failures;
    private long lastFailureNanos;

    public OutageLog(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    public synchronized void failed(Throwable error) {
        long now = System.nanoTime();
        if (failures > 0 && now - lastFailureNanos > QUIET_NANOS) {
            failures = 0;
        }
        lastFailureNanos = now;
        if (failures++ == 0) {
            log.warn("{}: {} (further failures are counted until it recovers)", what, error.toString());
        }
    }

    public synchronized void succeeded() {
        if (failures > 0) {
            log.warn("{}: recovered after {} failures", what, failures);
            failures = 0;
        }
    }
}
