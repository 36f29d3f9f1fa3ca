package io.chronohook.client;

import io.chronohook.client.WebhookSignatureException.Reason;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies that a callback comes from Chronohook, following Standard Webhooks: an HMAC-SHA256 over
 * {@code <webhook-id>.<webhook-timestamp>.<body>}, keyed with the tenant's signing secret, must equal one of the
 * {@code v1,<base64>} entries of {@code webhook-signature}, and the timestamp must be within five minutes of this
 * clock.
 *
 * <pre>{@code
 * WebhookSignature signature = new WebhookSignature();
 * try {
 *     signature.verify(signingSecret, headers, rawBody);
 * } catch (WebhookSignatureException refused) {
 *     // answer 401 and do nothing else
 * }
 * }</pre>
 *
 * <p>Pass the body exactly as it arrived, before any JSON parsing: the signature covers its bytes. Instances are
 * immutable and thread-safe.
 */
public final class WebhookSignature {

    /** How far {@code webhook-timestamp} may be from this clock, either way, before a callback counts as replayed. */
    public static final Duration TOLERANCE = Duration.ofMinutes(5);

    private static final String SECRET_PREFIX = "whsec_";
    private static final String VERSION_PREFIX = "v1,";
    private static final String HMAC = "HmacSHA256";

    private final Clock clock;

    /** A verifier against the system clock. */
    public WebhookSignature() {
        this(Clock.systemUTC());
    }

    /** A verifier against {@code clock} (pin it to check a recorded callback, or in tests). */
    public WebhookSignature(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Returns normally when the callback is authentic and fresh.
     *
     * @param secret the tenant's signing secret, {@code whsec_<base64>} (the prefix may be left out)
     * @param headers the callback's headers; names in any case
     * @param body the raw body bytes (empty for a callback without a body)
     * @throws WebhookSignatureException when a header is missing, the timestamp is malformed or too far from this
     *     clock, or no {@code v1} signature matches
     * @throws IllegalArgumentException when {@code secret} is not base64
     */
    public void verify(String secret, Map<String, String> headers, byte[] body) {
        Map<String, String> byName = caseInsensitive(headers);
        String id = required(byName, "webhook-id");
        String timestamp = required(byName, "webhook-timestamp");
        String signatures = required(byName, "webhook-signature");
        checkFresh(timestamp);
        byte[] expected = hmac(key(secret), id, timestamp, body);
        for (String entry : signatures.split(" ")) {
            // Entries of another version are for verifiers that know it; only v1 is defined.
            if (entry.startsWith(VERSION_PREFIX) && matches(expected, entry.substring(VERSION_PREFIX.length()))) {
                return;
            }
        }
        throw new WebhookSignatureException(Reason.NO_MATCHING_SIGNATURE,
                "no v1 signature in webhook-signature matches this id, timestamp and body");
    }

    /**
     * The {@code webhook-signature} value Chronohook sends for this message: {@code v1,<base64>}. For tests of a
     * receiving end.
     */
    public static String sign(String secret, String id, long timestamp, byte[] body) {
        byte[] hmac = hmac(key(secret), id, Long.toString(timestamp), body);
        return VERSION_PREFIX + Base64.getEncoder().encodeToString(hmac);
    }

    private void checkFresh(String timestamp) {
        long sentAt;
        try {
            sentAt = Long.parseLong(timestamp);
        } catch (NumberFormatException notANumber) {
            throw new WebhookSignatureException(Reason.INVALID_TIMESTAMP,
                    "webhook-timestamp is not a number of seconds: " + timestamp);
        }
        long now = clock.instant().getEpochSecond();
        // Bounds around now rather than |now - sentAt|, which overflows for timestamps far from any clock.
        if (sentAt < now - TOLERANCE.getSeconds() || sentAt > now + TOLERANCE.getSeconds()) {
            throw new WebhookSignatureException(Reason.TIMESTAMP_OUT_OF_TOLERANCE, "webhook-timestamp " + sentAt
                    + " is more than " + TOLERANCE.getSeconds() + " s from this clock's " + now);
        }
    }

    private static boolean matches(byte[] expected, String candidate) {
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(candidate);
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
        // Constant time: how long a comparison takes must not tell an attacker how many bytes were right.
        return MessageDigest.isEqual(expected, decoded);
    }

    private static byte[] key(String secret) {
        Objects.requireNonNull(secret, "secret");
        String encoded = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        try {
            return Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException notBase64) {
            throw new IllegalArgumentException("the signing secret is not whsec_ followed by base64", notBase64);
        }
    }

    private static byte[] hmac(byte[] key, String id, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            mac.update(Objects.requireNonNull(body, "body"));
            return mac.doFinal();
        } catch (NoSuchAlgorithmException | InvalidKeyException impossible) {
            // Every Java runtime has HmacSHA256, and it takes keys of any length (SecretKeySpec refuses an empty
            // one before, with IllegalArgumentException).
            throw new IllegalStateException(impossible);
        }
    }

    private static Map<String, String> caseInsensitive(Map<String, String> headers) {
        Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, value) -> {
            if (name != null) {
                byName.put(name, value);
            }
        });
        return byName;
    }

    private static String required(Map<String, String> headers, String name) {
        String value = headers.get(name);
        if (value == null || value.isBlank()) {
            throw new WebhookSignatureException(Reason.MISSING_HEADER, "the callback has no " + name + " header");
        }
        return value.trim();
    }
}
