package io.chronohook.billing.tenant;

import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** A tenant's id; rendered as {@code ten_} + 32 hex digits in the API; the first parameter of every tenant-scoped store. */
public record TenantId(UUID value) {

    public static final String PREFIX = "ten_";

    public TenantId {
        Objects.requireNonNull(value, "value");
    }

    public static TenantId random() {
        return new TenantId(UUID.randomUUID());
    }

    /** Parses the API form; anything else is empty, so that a malformed id answers like an unknown one. */
    public static Optional<TenantId> parse(String text) {
        if (text == null || !text.startsWith(PREFIX) || text.length() != PREFIX.length() + 32) {
            return Optional.empty();
        }
        try {
            byte[] bytes = HexFormat.of().parseHex(text, PREFIX.length(), text.length());
            long msb = 0;
            long lsb = 0;
            for (int i = 0; i < 8; i++) {
                msb = (msb << 8) | (bytes[i] & 0xff);
                lsb = (lsb << 8) | (bytes[i + 8] & 0xff);
            }
            return Optional.of(new TenantId(new UUID(msb, lsb)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        HexFormat hex = HexFormat.of();
        return PREFIX + hex.toHexDigits(value.getMostSignificantBits())
                + hex.toHexDigits(value.getLeastSignificantBits());
    }
}
