package io.chronohook.platform;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Map;
import java.util.stream.Collectors;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/**
 * AES-256-GCM for secrets at rest (signing secrets, job bodies and headers). The owner's id is bound as associated
 * data, so a ciphertext copied into another tenant's row does not decrypt; the key id is stored beside it for rotation.
 */
@Component
public class SecretCipher {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    /**
     * One decrypting cipher per thread, initialised again for each value: a provider lookup per opened payload was a
     * visible share of the delivery path.
     */
    private static final ThreadLocal<Cipher> OPENERS = ThreadLocal.withInitial(SecretCipher::newCipher);
    /**
     * One encrypting cipher per thread, initialised again for each value with a nonce of its own (GCM refuses a
     * key and nonce it encrypted with last; a fresh random nonce is never that): a provider lookup per sealed value
     * was a visible share of a job's create.
     */
    private static final ThreadLocal<Cipher> SEALERS = ThreadLocal.withInitial(SecretCipher::newCipher);

    private final Map<String, SecretKey> keys;
    private final String activeKeyId;
    private final SecureRandom random;

    public SecretCipher(SecretsProperties properties, SecureRandom random) {
        this.keys = properties.keys().entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey,
                        entry -> new SecretKeySpec(entry.getValue(), "AES")));
        this.activeKeyId = properties.activeKeyId();
        this.random = random;
    }

    /** A value sealed with the active key: the key id and {@code nonce || ciphertext || tag}. */
    public record Sealed(String keyId, byte[] bytes) {
    }

    public Sealed seal(byte[] plaintext, byte[] associatedData) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = SEALERS.get();
            cipher.init(Cipher.ENCRYPT_MODE, keys.get(activeKeyId), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData);
            byte[] sealed = cipher.doFinal(plaintext);
            return new Sealed(activeKeyId, ByteBuffer.allocate(NONCE_BYTES + sealed.length)
                    .put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    /** Opens a sealed value; fails if the key id is unknown, the bytes were altered or the associated data differs. */
    public byte[] open(Sealed sealed, byte[] associatedData) {
        SecretKey key = keys.get(sealed.keyId());
        if (key == null) {
            throw new IllegalStateException("no master key with id '" + sealed.keyId() + "' is configured");
        }
        try {
            Cipher cipher = OPENERS.get();
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed.bytes(), 0, NONCE_BYTES));
            cipher.updateAAD(associatedData);
            return cipher.doFinal(sealed.bytes(), NONCE_BYTES, sealed.bytes().length - NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a secret could not be decrypted (altered, or sealed for another owner)", e);
        }
    }

    private static Cipher newCipher() {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable", e);
        }
    }
}
