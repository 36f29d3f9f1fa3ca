package io.chronohook.access;

import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Authentication settings: the built-in JWT issuer, an optional external OIDC issuer, password hashing, the operator
 * token, and how long an instance keeps an API key it looked up ({@code apiKeyCache}; zero looks every key up).
 */
@ConfigurationProperties("chronohook.auth")
public record AuthProperties(Jwt jwt, @DefaultValue("12") int bcryptStrength, String operatorToken,
                             @DefaultValue("PT10S") Duration apiKeyCache) {

    public AuthProperties {
        if (apiKeyCache == null || apiKeyCache.isNegative() || apiKeyCache.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("chronohook.auth.api-key-cache must be between PT0S and PT1M");
        }
        if (jwt == null) {
            throw new IllegalArgumentException("chronohook.auth.jwt.secret must be set");
        }
        if (bcryptStrength < 4 || bcryptStrength > 31) {
            throw new IllegalArgumentException("chronohook.auth.bcrypt-strength must be between 4 and 31");
        }
        if (operatorToken != null && !operatorToken.isBlank() && operatorToken.length() < 24) {
            throw new IllegalArgumentException("chronohook.auth.operator-token must be at least 24 characters");
        }
        operatorToken = operatorToken == null || operatorToken.isBlank() ? null : operatorToken;
    }

    /**
     * JWT settings. The built-in issuer signs HS256 tokens with {@code secret}; when {@code issuerUri} or
     * {@code jwkSetUri} is set, tokens of that external issuer are accepted instead, with the tenant in {@code tenantClaim}.
     */
    public record Jwt(
            String secret,
            @DefaultValue("chronohook") String issuer,
            @DefaultValue("chronohook-api") String audience,
            @DefaultValue("PT1H") Duration ttl,
            URI issuerUri,
            URI jwkSetUri,
            @DefaultValue("tenant_id") String tenantClaim) {

        public Jwt {
            if (secret == null || secret.isBlank()) {
                throw new IllegalArgumentException("chronohook.auth.jwt.secret must be set "
                        + "(base64 of at least 32 random bytes; ./chronohook up generates one for a local installation)");
            }
            byte[] key;
            try {
                key = Base64.getDecoder().decode(secret.strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("chronohook.auth.jwt.secret must be base64");
            }
            if (key.length < 32) {
                throw new IllegalArgumentException("chronohook.auth.jwt.secret must hold at least 32 bytes");
            }
            if (ttl.isNegative() || ttl.isZero() || ttl.compareTo(Duration.ofDays(1)) > 0) {
                throw new IllegalArgumentException("chronohook.auth.jwt.ttl must be between 1 s and 1 day");
            }
        }

        public byte[] secretBytes() {
            return Base64.getDecoder().decode(secret.strip());
        }

        public boolean external() {
            return issuerUri != null || jwkSetUri != null;
        }
    }
}
