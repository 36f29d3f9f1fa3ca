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

/**
 * Turns a validated JWT into a {@link Caller}. A token of the built-in issuer names a member: the member is read by
 * primary key on every request, so a removed member's token is refused at once and a role change counts from the next
 * request (the scopes come from the role as it is now, not as it was when the token was issued). A token of an
 * external issuer carries its tenant in the tenant claim and its scopes in {@code scope}/{@code scp}.
 */
@Component
public class JwtCallerConverter implements Converter<Jwt, Mono<AbstractAuthenticationToken>> {

    private final String tenantClaim;
    private final boolean external;
    private final MemberStore members;

    public JwtCallerConverter(AuthProperties properties, MemberStore members) {
        this.tenantClaim = properties.jwt().tenantClaim();
        this.external = properties.jwt().external();
        this.members = members;
    }

    @Override
    public Mono<AbstractAuthenticationToken> convert(Jwt jwt) {
        if ("operator".equals(jwt.getClaimAsString("role"))) {
            return Mono.just(new CallerAuthentication(Caller.operator()));
        }
        TenantId tenantId = TenantId.parse(jwt.getClaimAsString(tenantClaim))
                .orElseThrow(() -> new InvalidBearerTokenException("the token names no tenant"));
        if (external) {
            Caller caller = new Caller(tenantId, Caller.Kind.MEMBER, jwt.getSubject(), scopes(jwt));
            return Mono.just(new CallerAuthentication(caller));
        }
        MemberId memberId = MemberId.parse(jwt.getSubject())
                .orElseThrow(() -> new InvalidBearerTokenException("the token names no member"));
        return members.find(tenantId, memberId)
                .switchIfEmpty(Mono.error(() -> new InvalidBearerTokenException("the member was removed")))
                .map(member -> new CallerAuthentication(new Caller(tenantId, Caller.Kind.MEMBER,
                        member.id().toString(), member.role().scopes(), member.role())));
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
