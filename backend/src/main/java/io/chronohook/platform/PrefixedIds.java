package io.chronohook.platform;

import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;

/** The API form of typed ids: a type prefix ({@code key_}, {@code mem_}) and the UUID's 32 hex digits. */
public final class PrefixedIds {

    private static final HexFormat HEX = HexFormat.of();

    private PrefixedIds() {
    }

    /** The prefix and the UUID's 32 lower-case hex digits, written straight (not the UUID's text less its dashes). */
    public static String format(String prefix, UUID value) {
        return prefix + HEX.toHexDigits(value.getMostSignificantBits())
                + HEX.toHexDigits(value.getLeastSignificantBits());
    }

    /** Empty for anything that is not exactly {@code prefix} + 32 hex digits: such an id answers like an unknown one. */
    public static Optional<UUID> parse(String prefix, String text) {
        if (text == null || !text.startsWith(prefix) || text.length() != prefix.length() + 32) {
            return Optional.empty();
        }
        try {
            long msb = HexFormat.fromHexDigitsToLong(text, prefix.length(), prefix.length() + 16);
            long lsb = HexFormat.fromHexDigitsToLong(text, prefix.length() + 16, text.length());
            return Optional.of(new UUID(msb, lsb));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
