package io.chronohook.dashboard.session;

import java.time.Duration;
import java.util.Optional;

import io.chronohook.dashboard.DashboardProperties;
import org.springframework.http.HttpCookie;
import org.springframework.http.ResponseCookie;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * The dashboard's cookies, all HttpOnly: the session (the backend JWT, SameSite=Lax), the CSRF token (SameSite=Strict),
 * a one-shot flash message and the display time zone. {@code Secure} follows {@code chronohook.dashboard.secure-cookies}.
 */
@Component
public class Cookies {

    public static final String SESSION = "chronohook_session";
    public static final String CSRF = "chronohook_csrf";
    public static final String FLASH = "chronohook_flash";
    public static final String ZONE = "chronohook_tz";
    public static final String OPERATOR = "chronohook_operator";

    private final DashboardProperties.SecureCookies secure;

    public Cookies(DashboardProperties properties) {
        this.secure = properties.secureCookies();
    }

    public Optional<String> read(ServerWebExchange exchange, String name) {
        HttpCookie cookie = exchange.getRequest().getCookies().getFirst(name);
        return cookie == null || cookie.getValue().isBlank() ? Optional.empty() : Optional.of(cookie.getValue());
    }

    /** Sets an HttpOnly cookie for the whole site, living {@code maxAge}. */
    public void write(ServerWebExchange exchange, String name, String value, Duration maxAge, String sameSite) {
        exchange.getResponse().addCookie(ResponseCookie.from(name, value)
                .httpOnly(true)
                .secure(isSecure(exchange))
                .sameSite(sameSite)
                .path("/")
                .maxAge(maxAge)
                .build());
    }

    public void clear(ServerWebExchange exchange, String name) {
        write(exchange, name, "", Duration.ZERO, "Lax");
    }

    private boolean isSecure(ServerWebExchange exchange) {
        return switch (secure) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> "https".equalsIgnoreCase(exchange.getRequest().getURI().getScheme());
        };
    }
}
