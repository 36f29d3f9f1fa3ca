package io.chronohook.platform;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * One warning per outage: the first failure is logged (without a stack trace: the cause is the outage, not the
 * code), repeats are only counted, and the first success after them logs how many there were.
 */
public final class OutageLog {

    private final Logger log;
    private final String what;
    private final AtomicLong failures = new AtomicLong();

    public OutageLog(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    public void failed(Throwable error) {
        if (failures.getAndIncrement() == 0) {
            log.warn("{}: {} (further failures are counted until it recovers)", what, error.toString());
        }
    }

    public void succeeded() {
        long failed = failures.getAndSet(0);
        if (failed > 0) {
            log.warn("{}: recovered after {} failures", what, failed);
        }
    }
}
