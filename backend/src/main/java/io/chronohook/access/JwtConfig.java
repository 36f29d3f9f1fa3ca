package io.chronohook.access;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;

/** The JWT decoder (built-in HS256 issuer or an external OIDC issuer) and the built-in encoder. */
@Configuration(proxyBeanMethods = false)
public class JwtConfig {

    @Bean
    SecretKey jwtSigningKey(AuthProperties properties) {
        return new SecretKeySpec(properties.jwt().secretBytes(), "HmacSHA256");
    }

    @Bean
    JwtEncoder jwtEncoder(SecretKey jwtSigningKey) {
        return NimbusJwtEncoder.withSecretKey(jwtSigningKey).algorithm(MacAlgorithm.HS256).build();
    }

    @Bean
    ReactiveJwtDecoder jwtDecoder(AuthProperties properties, SecretKey jwtSigningKey) {
        AuthProperties.Jwt jwt = properties.jwt();
        NimbusReactiveJwtDecoder decoder;
        String issuer;
        if (jwt.issuerUri() != null) {
            decoder = NimbusReactiveJwtDecoder.withIssuerLocation(jwt.issuerUri().toString()).build();
            issuer = jwt.issuerUri().toString();
        } else if (jwt.jwkSetUri() != null) {
            decoder = NimbusReactiveJwtDecoder.withJwkSetUri(jwt.jwkSetUri().toString()).build();
            issuer = jwt.issuer();
        } else {
            decoder = NimbusReactiveJwtDecoder.withSecretKey(jwtSigningKey).macAlgorithm(MacAlgorithm.HS256).build();
            issuer = jwt.issuer();
        }
        decoder.setJwtValidator(validator(issuer, jwt.audience()));
        return decoder;
    }

    /**
     * Composes on top of Spring's defaults (signature is checked by the decoder; {@code exp}/{@code nbf} with 60 s skew
     * by the default timestamp validator) rather than replacing them, and requires {@code exp}, {@code iss}, {@code aud}.
     */
    static OAuth2TokenValidator<Jwt> validator(String issuer, String audience) {
        return new DelegatingOAuth2TokenValidator<>(List.of(
                JwtValidators.createDefaultWithIssuer(issuer),
                new JwtClaimValidator<Instant>(JwtClaimNames.EXP, Objects::nonNull),
                new JwtClaimValidator<List<String>>(JwtClaimNames.AUD,
                        aud -> aud != null && aud.contains(audience))));
    }
}
