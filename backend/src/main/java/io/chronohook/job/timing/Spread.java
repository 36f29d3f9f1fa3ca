package io.chronohook.job.timing;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Objects;

/** Deterministic per-job jitter: a stable offset in [0, max] derived from the job id, so equal schedules do not fire together. */
public final class Spread {

    private Spread() {
    }

    /**
     * The offset for one job: the same id always gets the same offset, different ids spread evenly.
     *
     * @param jobId the job's id
     * @param max the largest offset; millisecond granularity, zero turns spreading off
     * @return an offset between zero and {@code max}, both included
     */
    public static Duration offset(String jobId, Duration max) {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(max, "max");
        if (max.isNegative()) {
            throw new InvalidScheduleException("spread must not be negative, got " + max);
        }
        long maxMillis = max.toMillis();
        if (maxMillis == 0) {
            return Duration.ZERO;
        }
        long hash = ByteBuffer.wrap(sha256(jobId)).getLong();
        return Duration.ofMillis(Long.remainderUnsigned(hash, maxMillis + 1));
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException everyJavaRuntimeHasIt) {
            throw new IllegalStateException(everyJavaRuntimeHasIt);
        }
    }
}
