package io.chronohook.alert;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What an alert is about; the wire name is the payload's {@code type}. */
public enum AlertKind {
    /** A run ended dead: its attempts are spent, or its receiver refused it for good. */
    RUN_DEAD_LETTERED("run.dead_lettered"),
    /** The job's last N finished runs all ended dead. */
    JOB_FAILING("job.failing"),
    /** A run did not start within the tenant's window after its due time, or was skipped as missed. */
    RUN_MISSED_WINDOW("run.missed_window"),
    /** A long-running attempt timed out (no heartbeat in time, or past its longest duration); retried or dead. */
    RUN_TIMED_OUT("run.timed_out"),
    /** The receiver answered 410 Gone and the job was paused. */
    JOB_AUTO_PAUSED("job.auto_paused"),
    /** Sent on request, to check the webhook; never part of a tenant's event choice. */
    TEST("alert.test");

    /** The kinds a tenant can choose to receive. */
    public static final List<AlertKind> EVENTS = List.of(RUN_DEAD_LETTERED, JOB_FAILING, RUN_MISSED_WINDOW,
            RUN_TIMED_OUT, JOB_AUTO_PAUSED);

    private final String wire;

    AlertKind(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<AlertKind> fromWire(String text) {
        return Arrays.stream(values()).filter(kind -> kind.wire.equals(text)).findFirst();
    }
}
