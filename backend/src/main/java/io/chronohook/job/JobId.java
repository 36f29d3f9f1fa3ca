package io.chronohook.job;

import io.chronohook.platform.PrefixedIds;
import java.util.Optional;
import java.util.UUID;

/** A job's id ({@code job_…}). */
public record JobId(UUID value) {

    public static final String PREFIX = "job_";

    public static Optional<JobId> parse(String text) {
        return PrefixedIds.parse(PREFIX, text).map(JobId::new);
    }

    @Override
    public String toString() {
        return PrefixedIds.format(PREFIX, value);
    }
}
