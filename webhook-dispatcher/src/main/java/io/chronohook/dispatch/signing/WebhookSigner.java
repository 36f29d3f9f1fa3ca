package io.chronohook.dispatch.signing;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Computes the Standard Webhooks {@code webhook-signature} header: {@code v1,<base64 HMAC-SHA256 of "id.timestamp.body">},
 * one entry per secret, space-separated, so that receivers keep verifying during a secret rotation.
 */
public final class WebhookSigner {

    private static final String ALGORITHM = "HmacSHA256";

    /** The header value for one message signed with each of {@code secrets}, newest first. */
    public String signatureHeader(String messageId, long timestampSeconds, byte[] body, List<SigningSecret> secrets) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one signing secret is required");
        }
        byte[] signedContent = signedContent(messageId, timestampSeconds, body);
        return secrets.stream()
                .map(secret -> "v1," + Base64.getEncoder().encodeToString(hmac(secret, signedContent)))
                .collect(Collectors.joining(" "));
    }

    private static byte[] signedContent(String messageId, long timestampSeconds, byte[] body) {
        byte[] prefix = (messageId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8);
        byte[] content = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, content, 0, prefix.length);
        System.arraycopy(body, 0, content, prefix.length, body.length);
        return content;
    }

    /** One Mac per thread: looking the algorithm up in the providers costs more than the HMAC of a small body. */
    private static final ThreadLocal<Mac> MACS = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance(ALGORITHM);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    });

    private static byte[] hmac(SigningSecret secret, byte[] content) {
        try {
            Mac mac = MACS.get();
            mac.init(new SecretKeySpec(secret.key(), ALGORITHM));
            return mac.doFinal(content);
        } catch (InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }
}
