package io.chronohook.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A new API key and what is stored of it: {@code chk_} + 43 base64url characters (32 random bytes); the first 12
 * characters are the prefix used to find it and shown in lists; only the SHA-256 of the whole key is kept.
 */
public record ApiKeyMaterial(String plaintext, String prefix, byte[] hash) {

    public static final String KEY_PREFIX = "chk_";
    static final int LOOKUP_PREFIX_LENGTH = 12;
    private static final int RANDOM_BYTES = 32;
    private static final int KEY_LENGTH = KEY_PREFIX.length() + 43;

    public static ApiKeyMaterial generate(SecureRandom random) {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        String key = KEY_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        return new ApiKeyMaterial(key, prefixOf(key), hash(key));
    }

    /** True for text shaped like a key; anything else is refused without a database look-up. */
    public static boolean wellFormed(String key) {
        if (key == null || key.length() != KEY_LENGTH || !key.startsWith(KEY_PREFIX)) {
            return false;
        }
        for (int i = KEY_PREFIX.length(); i < key.length(); i++) {
            char c = key.charAt(i);
            boolean base64url = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '_';
            if (!base64url) {
                return false;
            }
        }
        return true;
    }

    public static String prefixOf(String key) {
        return key.substring(0, LOOKUP_PREFIX_LENGTH);
    }

    public static byte[] hash(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    /** Constant-time comparison of a presented key with a stored hash. */
    public static boolean matches(String key, byte[] storedHash) {
        return MessageDigest.isEqual(hash(key), storedHash);
    }
}
