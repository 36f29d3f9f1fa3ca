package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

class SecretCipherTest {

    private static final String KEY_A = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    private static final String KEY_B = "HxwdHhsaGRgXFhUUExIREA8ODQwLCgkIBwYFBAMCAQA=";

    private final byte[] tenantA = "tenant-a".getBytes(StandardCharsets.US_ASCII);
    private final byte[] secret = "whsec_secret".getBytes(StandardCharsets.US_ASCII);

    @Test
    void sealedValuesOpenForTheSameOwnerOnly() {
        SecretCipher cipher = cipher("a:" + KEY_A, "a");

        SecretCipher.Sealed sealed = cipher.seal(secret, tenantA);

        assertThat(sealed.keyId()).isEqualTo("a");
        assertThat(new String(sealed.bytes(), StandardCharsets.ISO_8859_1)).doesNotContain("whsec_secret");
        assertThat(cipher.open(sealed, tenantA)).isEqualTo(secret);
        assertThatThrownBy(() -> cipher.open(sealed, "tenant-b".getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void valuesSealedOneAfterAnotherEachHaveTheirOwnNonceAndOpen() {
        SecretCipher cipher = cipher("a:" + KEY_A, "a");
        java.util.Set<String> nonces = new java.util.HashSet<>();
        for (int i = 0; i < 1000; i++) {
            byte[] value = ("value " + i).getBytes(StandardCharsets.US_ASCII);
            SecretCipher.Sealed sealed = cipher.seal(value, tenantA);
            nonces.add(java.util.HexFormat.of().formatHex(sealed.bytes(), 0, 12));
            assertThat(cipher.open(sealed, tenantA)).isEqualTo(value);
        }
        assertThat(nonces).hasSize(1000);
    }

    @Test
    void aTamperedCiphertextDoesNotOpen() {
        SecretCipher cipher = cipher("a:" + KEY_A, "a");
        SecretCipher.Sealed sealed = cipher.seal(secret, tenantA);
        byte[] bytes = sealed.bytes().clone();
        bytes[bytes.length - 1] ^= 1;

        assertThatThrownBy(() -> cipher.open(new SecretCipher.Sealed("a", bytes), tenantA))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void valuesSealedWithAnOlderKeyStillOpenAfterTheActiveKeyChanges() {
        SecretCipher.Sealed old = cipher("a:" + KEY_A, "a").seal(secret, tenantA);

        SecretCipher rotated = cipher("a:" + KEY_A + ",b:" + KEY_B, "b");

        assertThat(rotated.open(old, tenantA)).isEqualTo(secret);
        assertThat(rotated.seal(secret, tenantA).keyId()).isEqualTo("b");
        assertThatThrownBy(() -> cipher("b:" + KEY_B, "b").open(old, tenantA))
                .hasMessageContaining("no master key with id 'a'");
    }

    @Test
    void misconfiguredKeysStopStartUp() {
        assertThatThrownBy(() -> new SecretsProperties(null, null)).hasMessageContaining("master-keys must be set");
        assertThatThrownBy(() -> new SecretsProperties("a:AAAA", "a")).hasMessageContaining("must be 32 bytes");
        assertThatThrownBy(() -> new SecretsProperties("a:" + KEY_A, "b")).hasMessageContaining("active-key-id");
        assertThatThrownBy(() -> new SecretsProperties("nocolon", "a")).hasMessageContaining("id:base64key");
    }

    private static SecretCipher cipher(String keys, String active) {
        return new SecretCipher(new SecretsProperties(keys, active), new SecureRandom());
    }
}
