package io.chronohook.team;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** An invitation's secret: 32 random bytes as 43 base64url characters; only its SHA-256 is stored. */
public record InvitationToken(String plaintext, byte[] hash) {

    private static final int RANDOM_BYTES = 32;
    private static final int LENGTH = 43;

    public static InvitationToken generate(SecureRandom random) {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        return new InvitationToken(token, hash(token));
    }

    /** True for text shaped like a token; anything else is refused without a database look-up. */
    public static boolean wellFormed(String token) {
        return token != null && token.length() == LENGTH && token.chars().allMatch(c ->
                (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_');
    }

    public static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }
}
