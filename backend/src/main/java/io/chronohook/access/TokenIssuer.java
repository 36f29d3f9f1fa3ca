package io.chronohook.access;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.stereotype.Component;

/** The built-in issuer: signs a member's access token (tenant, role and scopes as claims). */
@Component
public class TokenIssuer {

    private final JwtEncoder encoder;
    private final AuthProperties.Jwt settings;
    private final Clock clock;

    public TokenIssuer(JwtEncoder encoder, AuthProperties properties, Clock clock) {
        this.encoder = encoder;
        this.settings = properties.jwt();
        this.clock = clock;
    }

    /** An access token and its lifetime in seconds. */
    public record IssuedToken(String accessToken, long expiresIn) {
    }

    public IssuedToken issue(Member member) {
        Instant now = clock.instant();
        JwtClaimsSet claims = JwtClaimsSet.builder()
                .id(UUID.randomUUID().toString())
                .issuer(settings.issuer())
                .audience(List.of(settings.audience()))
                .subject(member.id().toString())
                .issuedAt(now)
                .notBefore(now)
                .expiresAt(now.plus(settings.ttl()))
                .claim(settings.tenantClaim(), member.tenantId().toString())
                .claim("role", member.role().wire())
                .claim("scope", member.role().scopes().stream().map(Scope::wire).collect(Collectors.joining(" ")))
                .build();
        JwsHeader header = JwsHeader.with(MacAlgorithm.HS256).type("JWT").build();
        String token = encoder.encode(JwtEncoderParameters.from(header, claims)).getTokenValue();
        return new IssuedToken(token, settings.ttl().toSeconds());
    }
}
