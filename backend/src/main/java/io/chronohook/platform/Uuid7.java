package io.chronohook.platform;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
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
