package io.chronohook.platform;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Master keys that encrypt secrets at rest: {@code masterKeys} is {@code id:base64key,id2:base64key} (32-byte AES keys),
 * {@code activeKeyId} the one new ciphertexts use; older ids stay for decryption while data is re-encrypted.
 */
@ConfigurationProperties("chronohook.secrets")
public record SecretsProperties(String masterKeys, String activeKeyId) {

    public SecretsProperties {
        if (masterKeys == null || masterKeys.isBlank()) {
            throw new IllegalArgumentException("chronohook.secrets.master-keys must be set "
                    + "(id:base64 of 32 random bytes; ./chronohook up generates one for a local installation)");
        }
        Map<String, byte[]> keys = parse(masterKeys);
        if (activeKeyId == null || !keys.containsKey(activeKeyId)) {
            throw new IllegalArgumentException("chronohook.secrets.active-key-id must name one of the master keys "
                    + keys.keySet());
        }
    }

    /** The keys by id. */
    public Map<String, byte[]> keys() {
        return parse(masterKeys);
    }

    private static Map<String, byte[]> parse(String text) {
        Map<String, byte[]> keys = new LinkedHashMap<>();
        for (String entry : text.split(",")) {
            int colon = entry.indexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("chronohook.secrets.master-keys entries look like id:base64key");
            }
            String id = entry.substring(0, colon).strip();
            byte[] key;
            try {
                key = Base64.getDecoder().decode(entry.substring(colon + 1).strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("master key '" + id + "' is not valid base64");
            }
            if (key.length != 32) {
                throw new IllegalArgumentException("master key '" + id + "' must be 32 bytes, not " + key.length);
            }
            keys.put(id, key);
        }
        return keys;
    }
}
