package io.chronohook.access;

import io.chronohook.platform.ProblemWriter;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AuthenticationCredentialsNotFoundException;
import org.springframework.security.authentication.InsufficientAuthenticationException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedException;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * 401 and 403 from the security chain, and requests its firewall rejects, as problem documents like every other
 * error: a malformed {@code Authorization} header (bytes HTTP does not allow in it) is a 401.
 */
@Component
public class ProblemSecurityHandlers implements ServerAuthenticationEntryPoint, ServerAccessDeniedHandler,
        ServerExchangeRejectedHandler {

    private final ProblemWriter writer;

    public ProblemSecurityHandlers(ProblemWriter writer) {
        this.writer = writer;
    }

    @Override
    public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException error) {
        boolean missing = error instanceof AuthenticationCredentialsNotFoundException
                || error instanceof InsufficientAuthenticationException;
        exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE,
                missing ? "Bearer" : "Bearer error=\"invalid_token\"");
        String detail = missing
                ? "send an API key or access token as 'Authorization: Bearer <credential>'"
                : "the API key or access token is invalid, expired or revoked";
        return writer.write(exchange, HttpStatus.UNAUTHORIZED, "unauthorized", detail, List.of());
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, ServerExchangeRejectedException rejected) {
        String authorization = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (authorization != null && !printableAscii(authorization)) {
            exchange.getResponse().getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"invalid_request\"");
            return writer.write(exchange, HttpStatus.UNAUTHORIZED, "unauthorized",
                    "the Authorization header holds characters HTTP does not allow there; send "
                            + "'Authorization: Bearer <credential>' in printable ASCII", List.of());
        }
        return writer.write(exchange, HttpStatus.BAD_REQUEST, "request_rejected",
                "the request was rejected: " + rejected.getMessage(), List.of());
    }

    private static boolean printableAscii(String value) {
        return value.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
        return writer.write(exchange, HttpStatus.FORBIDDEN, "forbidden",
                "this credential lacks the scope or role this call needs", List.of());
    }
}
