package io.chronohook.access;

import io.chronohook.billing.tenant.TenantId;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Turns a validated JWT into a {@link Caller}: the tenant from the tenant claim, scopes from {@code scope}/{@code scp}. */
@Component
public class JwtCallerConverter implements Converter<Jwt, Mono<AbstractAuthenticationToken>> {

    private final String tenantClaim;

    public JwtCallerConverter(AuthProperties properties) {
        this.tenantClaim = properties.jwt().tenantClaim();
    }

    @Override
    public Mono<AbstractAuthenticationToken> convert(Jwt jwt) {
        if ("operator".equals(jwt.getClaimAsString("role"))) {
            return Mono.just(new CallerAuthentication(Caller.operator()));
        }
        TenantId tenantId = TenantId.parse(jwt.getClaimAsString(tenantClaim))
                .orElseThrow(() -> new InvalidBearerTokenException("the token names no tenant"));
        Caller caller = new Caller(tenantId, Caller.Kind.MEMBER, jwt.getSubject(), scopes(jwt));
        return Mono.just(new CallerAuthentication(caller));
    }

    private static Set<Scope> scopes(Jwt jwt) {
        Collection<String> names;
        Object scope = jwt.getClaims().get("scope");
        if (scope instanceof String text) {
            names = List.of(text.split(" "));
        } else {
            List<String> scp = jwt.getClaimAsStringList("scp");
            names = scp == null ? List.of() : scp;
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        names.forEach(name -> Scope.fromWire(name).ifPresent(scopes::add));
        return scopes;
    }
}
