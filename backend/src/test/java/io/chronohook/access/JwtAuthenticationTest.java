package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.support.ApiTest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;

class JwtAuthenticationTest extends ApiTest {

    @Autowired
    JwtEncoder encoder;

    @Autowired
    AuthProperties properties;

    @Test
    void aSignedInMemberUsesTheTokenOnTheApi() {
        TestTenant tenant = signUp();
        String token = accessToken(tenant);

        assertThat(token.split("\\.")).hasSize(3);
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + token)
                .exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.items[0].name").isEqualTo("default");
    }

    @Test
    void aWrongPasswordOrUnknownEmailGets401WithoutSayingWhich() {
        TestTenant tenant = signUp();

        for (Map<String, String> attempt : List.of(
                Map.of("email", tenant.email(), "password", "not the password"),
                Map.of("email", "nobody-" + UUID.randomUUID() + "@example.com", "password", PASSWORD))) {
            http.post().uri("/api/v1/auth/token").contentType(MediaType.APPLICATION_JSON).bodyValue(attempt)
                    .exchange()
                    .expectStatus().isUnauthorized()
                    .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .expectBody()
                    .jsonPath("$.code").isEqualTo("invalid_credentials")
                    .jsonPath("$.detail").isEqualTo("the email or password is wrong");
        }
    }

    @Test
    void anExpiredTokenIsRefused() {
        TestTenant tenant = signUp();
        Clock twoHoursAgo = Clock.fixed(Instant.now().minus(Duration.ofHours(2)), ZoneOffset.UTC);
        String expired = new TokenIssuer(encoder, properties, twoHoursAgo).issue(member(tenant)).accessToken();

        expectRefused(expired);
    }

    @Test
    void aTokenSignedWithAnotherKeyIsRefused() {
        TestTenant tenant = signUp();
        byte[] otherKey = new byte[32];
        new SecureRandom().nextBytes(otherKey);
        JwtEncoder forger = NimbusJwtEncoder.withSecretKey(new SecretKeySpec(otherKey, "HmacSHA256"))
                .algorithm(MacAlgorithm.HS256).build();
        String forged = new TokenIssuer(forger, properties, Clock.systemUTC()).issue(member(tenant)).accessToken();

        expectRefused(forged);
    }

    @Test
    void aTokenForAnotherIssuerOrAudienceIsRefused() {
        TestTenant tenant = signUp();
        AuthProperties.Jwt jwt = properties.jwt();
        AuthProperties otherIssuer = new AuthProperties(new AuthProperties.Jwt(jwt.secret(), "someone-else",
                jwt.audience(), jwt.ttl(), null, null, jwt.tenantClaim()), 4, null, Duration.ZERO);
        AuthProperties otherAudience = new AuthProperties(new AuthProperties.Jwt(jwt.secret(), jwt.issuer(),
                "another-api", jwt.ttl(), null, null, jwt.tenantClaim()), 4, null, Duration.ZERO);

        expectRefused(new TokenIssuer(encoder, otherIssuer, Clock.systemUTC()).issue(member(tenant)).accessToken());
        expectRefused(new TokenIssuer(encoder, otherAudience, Clock.systemUTC()).issue(member(tenant)).accessToken());
    }

    @Test
    void aTamperedTokenIsRefused() {
        TestTenant tenant = signUp();
        String token = accessToken(tenant);
        String[] parts = token.split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]));
        String otherTenant = signUp().tenantId();
        String tampered = parts[0] + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(payload.replace(tenant.tenantId(), otherTenant).getBytes()) + "." + parts[2];

        expectRefused(tampered);
    }

    private Member member(TestTenant tenant) {
        return new Member(new MemberId(UUID.randomUUID()),
                TenantId.parse(tenant.tenantId()).orElseThrow(),
                tenant.email(), "unused", MemberRole.OWNER);
    }

    private void expectRefused(String token) {
        http.get().uri("/api/v1/api-keys").header("Authorization", "Bearer " + token)
                .exchange()
                .expectStatus().isUnauthorized()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.code").isEqualTo("unauthorized");
    }
}
