package io.chronohook.dashboard.page;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.function.Function;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.Me;
import io.chronohook.dashboard.session.Cookies;
import io.chronohook.dashboard.session.CsrfFilter;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Renders a page inside the shared layout: fetches who is signed in beside the page's own data, so every view gets
 * two model attributes, {@code chrome} ({@link Chrome}) and {@code page} (the page's record).
 */
@Component
public class Pages {

    private static final Duration FLASH_LIFETIME = Duration.ofMinutes(1);
    /** Shown as "UTC", not "Z", until the visitor's browser says otherwise. */
    private static final ZoneId UTC = ZoneId.of("UTC");

    private final BackendClient backend;
    private final Cookies cookies;
    private final Clock clock;

    public Pages(BackendClient backend, Cookies cookies, Clock clock) {
        this.backend = backend;
        this.cookies = cookies;
        this.clock = clock;
    }

    /** A signed-in page with a fixed title. */
    public <P> Mono<Rendering> render(ServerWebExchange exchange, Session session, Nav nav, String view, String title,
                                      Mono<P> page) {
        return render(exchange, session, nav, view, page, any -> title, HttpStatus.OK);
    }

    /** A signed-in page whose title depends on its data, answered with {@code status} (e.g. 422 for a form). */
    public <P> Mono<Rendering> render(ServerWebExchange exchange, Session session, Nav nav, String view,
                                      Mono<P> page, Function<P, String> title, HttpStatus status) {
        return Mono.zip(me(session), page).map(both -> Rendering.view(view)
                .modelAttribute("chrome", chrome(exchange, title.apply(both.getT2()), nav, both.getT1()))
                .modelAttribute("page", both.getT2())
                .status(status)
                .build());
    }

    /** A page for visitors who are not signed in (sign-in, sign-up, errors). */
    public Rendering renderPublic(ServerWebExchange exchange, String view, String title, Object page,
                                  HttpStatus status) {
        return Rendering.view(view)
                .modelAttribute("chrome", chrome(exchange, title, Nav.NONE, null))
                .modelAttribute("page", page)
                .status(status)
                .build();
    }

    /** Who the session belongs to. */
    public Mono<Me> me(Session session) {
        return backend.get(session.token(), uri -> uri.path("/api/v1/me").build(), Me.class);
    }

    /** The chrome of a page, reading (and consuming) the flash message of the previous request. */
    public Chrome chrome(ServerWebExchange exchange, String title, Nav nav, Me me) {
        Flash flash = cookies.read(exchange, Cookies.FLASH).map(Pages::decodeFlash).orElse(null);
        if (flash != null) {
            cookies.clear(exchange, Cookies.FLASH);
        }
        String csrf = exchange.getAttributeOrDefault(CsrfFilter.ATTRIBUTE, "");
        return new Chrome(title, nav, me, csrf, times(exchange), flash);
    }

    /** The visitor's display zone (cookie set from the browser's zone), UTC when unknown. */
    public Times times(ServerWebExchange exchange) {
        ZoneId zone = cookies.read(exchange, Cookies.ZONE).map(Pages::zone).orElse(UTC);
        return new Times(zone, clock.instant());
    }

    /** Keeps {@code flash} for the next page this visitor sees (after a redirect). */
    public void flash(ServerWebExchange exchange, Flash flash) {
        String value = flash.kind().name() + ":" + flash.message();
        cookies.write(exchange, Cookies.FLASH, URLEncoder.encode(value, StandardCharsets.UTF_8), FLASH_LIFETIME, "Lax");
    }

    /** Redirects after a successful form post, with a message for the next page. */
    public Rendering redirect(ServerWebExchange exchange, String path, Flash flash) {
        if (flash != null) {
            flash(exchange, flash);
        }
        return Rendering.redirectTo(path).build();
    }

    private static Flash decodeFlash(String raw) {
        String value = URLDecoder.decode(raw, StandardCharsets.UTF_8);
        int colon = value.indexOf(':');
        if (colon < 0) {
            return null;
        }
        try {
            return new Flash(Flash.Kind.valueOf(value.substring(0, colon)), value.substring(colon + 1));
        } catch (IllegalArgumentException unknownKind) {
            return null;
        }
    }

    private static ZoneId zone(String id) {
        try {
            return ZoneId.of(URLDecoder.decode(id, StandardCharsets.UTF_8));
        } catch (DateTimeException | IllegalArgumentException unknown) {
            return UTC;
        }
    }
}
