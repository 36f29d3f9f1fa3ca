package io.chronohook.dispatch.signing;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/** A tenant's Standard Webhooks signing key ({@code whsec_} + base64); used by the signer and by secret rotation. */
public final class SigningSecret {

    public static final String PREFIX = "whsec_";
    private static final int GENERATED_KEY_BYTES = 32;
    private static final int MIN_KEY_BYTES = 24;
    private static final int MAX_KEY_BYTES = 64;

    private final byte[] key;

    private SigningSecret(byte[] key) {
        this.key = key.clone();
    }

    /** A new secret of 32 random bytes. */
    public static SigningSecret generate(SecureRandom random) {
        byte[] key = new byte[GENERATED_KEY_BYTES];
        random.nextBytes(key);
        return new SigningSecret(key);
    }

    /** Parses {@code whsec_<base64>}; the prefix is optional, as in the Standard Webhooks libraries. */
    public static SigningSecret parse(String encoded) {
        if (encoded == null) {
            throw new IllegalArgumentException("signing secret is missing");
        }
        String base64 = encoded.startsWith(PREFIX) ? encoded.substring(PREFIX.length()) : encoded;
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("signing secret is not valid base64", e);
        }
        if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
            throw new IllegalArgumentException(
                    "signing secret must hold " + MIN_KEY_BYTES + " to " + MAX_KEY_BYTES + " bytes");
        }
        return new SigningSecret(key);
    }

    /** The form shown to tenants and accepted by every Standard Webhooks library. */
    public String encoded() {
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    byte[] key() {
        return key.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SigningSecret that && MessageDigest.isEqual(key, that.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    /** Never prints the key. */
    @Override
    public String toString() {
        return "SigningSecret[redacted]";
    }
}
