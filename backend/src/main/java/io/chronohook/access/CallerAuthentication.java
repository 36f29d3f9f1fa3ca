package io.chronohook.access;

import java.util.ArrayList;
import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** The security-context form of a {@link Caller}: its scopes as {@code SCOPE_…} authorities, the operator as {@code ROLE_OPERATOR}. */
public final class CallerAuthentication extends AbstractAuthenticationToken {

    private final Caller caller;

    public CallerAuthentication(Caller caller) {
        super(authorities(caller));
        this.caller = caller;
        setAuthenticated(true);
    }

    private static List<GrantedAuthority> authorities(Caller caller) {
        List<GrantedAuthority> authorities = new ArrayList<>();
        caller.scopes().forEach(scope -> authorities.add(new SimpleGrantedAuthority(scope.authority())));
        if (caller.kind() == Caller.Kind.OPERATOR) {
            authorities.add(new SimpleGrantedAuthority("ROLE_OPERATOR"));
        }
        return authorities;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Caller getPrincipal() {
        return caller;
    }

    @Override
    public String getName() {
        return caller.kind().wire() + ":" + caller.id();
    }
}
