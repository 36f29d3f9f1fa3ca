package io.chronohook.running;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The token a long-running run's callback carries ({@code chronohook-run-token}): {@code crt_<attempt>_<secret>},
 * valid for that run and attempt only. Only its SHA-256 is stored; the attempt number in clear lets a superseded
 * attempt's token be told from a wrong one.
 */
public final class RunToken {

    public static final String PREFIX = "crt_";
    private static final Pattern FORMAT = Pattern.compile("crt_([1-9][0-9]{0,8})_[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunToken() {
    }

    /** A new token for {@code attempt}: 256 random bits. */
    public static String issue(int attempt) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        return PREFIX + attempt + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /** The hash stored for a token (hex SHA-256). */
    public static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The attempt a well-formed token names; empty for anything that is not a run token. */
    public static OptionalInt attemptOf(String token) {
        if (token == null) {
            return OptionalInt.empty();
        }
        Matcher matcher = FORMAT.matcher(token);
        return matcher.matches() ? OptionalInt.of(Integer.parseInt(matcher.group(1))) : OptionalInt.empty();
    }
}
