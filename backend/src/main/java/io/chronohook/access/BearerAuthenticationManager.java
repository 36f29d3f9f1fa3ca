package io.chronohook.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.JwtReactiveAuthenticationManager;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Routes a bearer credential to its checker: {@code chk_…} API keys, the operator token, or a JWT. */
@Component
public class BearerAuthenticationManager implements ReactiveAuthenticationManager {

    private final ApiKeyAuthenticationManager apiKeys;
    private final JwtReactiveAuthenticationManager jwts;
    private final byte[] operatorToken;

    public BearerAuthenticationManager(ApiKeyAuthenticationManager apiKeys, ReactiveJwtDecoder jwtDecoder,
                                       JwtCallerConverter converter, AuthProperties properties) {
        this.apiKeys = apiKeys;
        this.jwts = new JwtReactiveAuthenticationManager(jwtDecoder);
        this.jwts.setJwtAuthenticationConverter(converter);
        this.operatorToken = properties.operatorToken() == null
                ? null
                : properties.operatorToken().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Mono<Authentication> authenticate(Authentication authentication) {
        if (!(authentication instanceof BearerTokenAuthenticationToken bearer)) {
            return Mono.empty();
        }
        String token = bearer.getToken();
        if (token.startsWith(ApiKeyMaterial.KEY_PREFIX)) {
            return apiKeys.authenticate(token);
        }
        if (operatorToken != null
                && MessageDigest.isEqual(operatorToken, token.getBytes(StandardCharsets.UTF_8))) {
            return Mono.just(new CallerAuthentication(Caller.operator()));
        }
        return jwts.authenticate(authentication);
    }
}
