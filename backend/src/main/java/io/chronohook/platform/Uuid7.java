package io.chronohook.platform;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * Time-ordered UUIDs (RFC 9562 version 7): ids that sort by creation time, so that cursors can page by id. Within
 * one process they are strictly increasing: inside a millisecond the 12-bit counter field counts up (RFC 9562 §6.2).
 */
public final class Uuid7 {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Object LOCK = new Object();
    private static long lastMillis;
    private static long counter;
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    });

    private Uuid7() {
    }

    public static UUID next(Clock clock) {
        long millis;
        long sequence;
        synchronized (LOCK) {
            millis = Math.max(clock.millis(), lastMillis);
            if (millis == lastMillis) {
                counter++;
                if (counter > 0xFFF) {
                    millis++;
                    counter = RANDOM.nextInt(1 << 10);
                }
            } else {
                counter = RANDOM.nextInt(1 << 10);
            }
            lastMillis = millis;
            sequence = counter;
        }
        long msb = (millis << 16) | 0x7000L | sequence;
        long lsb = 0x8000000000000000L | (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL);
        return new UUID(msb, lsb);
    }

    /**
     * A version 7 id whose time is {@code instant}'s millisecond and whose other bits are random: a run's id carries
     * its scheduled time, so that the run and its attempts land in the partition of that time.
     */
    public static UUID at(Instant instant) {
        long msb = (instant.toEpochMilli() << 16) | 0x7000L | RANDOM.nextInt(1 << 12);
        long lsb = 0x8000000000000000L | (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL);
        return new UUID(msb, lsb);
    }

    /**
     * The id of one occurrence of a job: a version 7 id whose time is the occurrence's millisecond and whose other
     * bits come from a SHA-256 of the job's id and the occurrence's time to the microsecond. The same occurrence always
     * gets the same id, so the primary key alone keeps one run per occurrence (no second unique index to write per
     * row version), and the run lands in the partition of its time.
     */
    public static UUID ofOccurrence(UUID jobId, Instant occurrence) {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, occurrence);
        MessageDigest sha = SHA_256.get();
        sha.reset();
        byte[] digest = sha.digest(ByteBuffer.allocate(24).putLong(jobId.getMostSignificantBits())
                .putLong(jobId.getLeastSignificantBits()).putLong(micros).array());
        ByteBuffer bits = ByteBuffer.wrap(digest);
        long msb = (occurrence.toEpochMilli() << 16) | 0x7000L | (bits.getShort() & 0xFFFL);
        long lsb = 0x8000000000000000L | (bits.getLong() & 0x3FFFFFFFFFFFFFFFL);
        return new UUID(msb, lsb);
    }

    /** The time of a version 7 id, to the millisecond. */
    public static Instant instantOf(UUID id) {
        return Instant.ofEpochMilli(id.getMostSignificantBits() >>> 16);
    }

    /**
     * The smallest version 7 id of {@code instant}'s millisecond: every id made at or after that instant sorts at or
     * above it, so {@code id >= floor(t)} bounds a time range on an id index.
     */
    public static UUID floor(Instant instant) {
        return new UUID((instant.toEpochMilli() << 16) | 0x7000L, 0x8000000000000000L);
    }
}
