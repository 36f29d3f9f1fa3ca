package io.chronohook.cli.listen;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks a callback's signature the way Standard Webhooks defines it: HMAC-SHA256 over {@code id.timestamp.body} with
 * the key of a {@code whsec_} secret, any of the space-separated {@code v1,} signatures matching, and a timestamp
 * within five minutes of now (an old callback sent again is refused).
 */
public final class CallbackSignature {

    static final Duration TOLERANCE = Duration.ofMinutes(5);

    private CallbackSignature() {
    }

    /** Why a callback's signature does not hold, or null when it was made with one of {@code secrets}. */
    public static String problem(List<String> secrets, String id, String timestamp, String signatures, byte[] body,
                                 Instant now) {
        if (id == null || timestamp == null || signatures == null) {
            return "webhook-id, webhook-timestamp or webhook-signature missing";
        }
        long seconds;
        try {
            seconds = Long.parseLong(timestamp.strip());
        } catch (NumberFormatException e) {
            return "webhook-timestamp is not a number of seconds";
        }
        if (Duration.between(Instant.ofEpochSecond(seconds), now).abs().compareTo(TOLERANCE) > 0) {
            return "webhook-timestamp is more than 5 minutes from now";
        }
        byte[] signed = (id + "." + timestamp.strip() + ".").getBytes(StandardCharsets.UTF_8);
        for (String secret : secrets) {
            byte[] expected = sign(key(secret), signed, body);
            for (String signature : signatures.strip().split(" +")) {
                if (signature.startsWith("v1,") && MessageDigest.isEqual(expected, decode(signature.substring(3)))) {
                    return null;
                }
            }
        }
        return "no signature matches the signing secret";
    }

    /** The v1 signature of a callback, as a sender writes it. */
    public static String sign(String secret, String id, long timestamp, byte[] body) {
        byte[] signed = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        return "v1," + Base64.getEncoder().encodeToString(sign(key(secret), signed, body));
    }

    private static byte[] key(String secret) {
        String encoded = secret.startsWith("whsec_") ? secret.substring("whsec_".length()) : secret;
        return Base64.getDecoder().decode(encoded);
    }

    private static byte[] sign(byte[] key, byte[] signedPrefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(signedPrefix);
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static byte[] decode(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return new byte[0];
        }
    }
}
