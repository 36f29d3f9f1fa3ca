package io.chronohook.dashboard.session;

import io.chronohook.dashboard.backend.AccessToken;
import io.chronohook.dashboard.backend.NotSignedIn;
import org.springframework.core.MethodParameter;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Gives controller methods their {@link Session} from the session cookie, or sends the visitor to sign in. */
@Component
public class SessionArgumentResolver implements HandlerMethodArgumentResolver {

    private final Cookies cookies;

    public SessionArgumentResolver(Cookies cookies) {
        this.cookies = cookies;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return Session.class.equals(parameter.getParameterType());
    }

    @Override
    public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext context, ServerWebExchange exchange) {
        return Mono.justOrEmpty(cookies.read(exchange, Cookies.SESSION))
                .<Object>map(token -> new Session(new AccessToken(token)))
                .switchIfEmpty(Mono.error(NotSignedIn::new));
    }
}
