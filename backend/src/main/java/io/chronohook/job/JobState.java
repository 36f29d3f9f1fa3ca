package io.chronohook.job;

import java.util.Arrays;

/** A job's own state: active jobs are planned, paused ones are not, completed ones have no occurrence left. */
public enum JobState {
    ACTIVE, PAUSED, COMPLETED, DELETED;

    public String wire() {
        return name().toLowerCase();
    }

    public static JobState fromWire(String text) {
        return Arrays.stream(values()).filter(state -> state.wire().equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown job state " + text));
    }
}
