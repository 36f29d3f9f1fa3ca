package io.chronohook.platform;

import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** Conversions every store makes between Java values and Postgres columns and binds. */
public final class Rows {

    private Rows() {
    }

    /** A {@code timestamptz} bind value. */
    public static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    /** A nullable {@code timestamptz} column as an instant. */
    public static Instant instant(Readable row, String column) {
        return instant(row.get(column, OffsetDateTime.class));
    }

    public static Instant instant(OffsetDateTime value) {
        return value == null ? null : value.toInstant();
    }

    /** A {@code bytea} column's bytes. */
    public static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    /** Epoch microseconds: how batch statements pass instants in arrays, exactly. */
    public static long micros(Instant instant) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
    }
}
