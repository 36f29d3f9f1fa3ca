package io.chronohook.dashboard.page;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;

import io.chronohook.dashboard.session.Cookies;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code POST /preferences/time-zone}: the zone every page shows times in, kept in a cookie for a year. */
@Controller
public class TimeZoneController {

    private static final Duration LIFETIME = Duration.ofDays(365);

    private final Cookies cookies;
    private final Pages pages;

    public TimeZoneController(Cookies cookies, Pages pages) {
        this.cookies = cookies;
        this.pages = pages;
    }

    @PostMapping("/preferences/time-zone")
    public Mono<Rendering> set(ServerWebExchange exchange) {
        String back = backTo(exchange);
        return exchange.getFormData().map(form -> {
            String id = form.getFirst("zone") == null ? "" : form.getFirst("zone").strip();
            try {
                ZoneId zone = ZoneId.of(id);
                cookies.write(exchange, Cookies.ZONE, URLEncoder.encode(zone.getId(), StandardCharsets.UTF_8),
                        LIFETIME, "Lax");
                return pages.redirect(exchange, back, Flash.success("Times are now shown in " + zone.getId() + "."));
            } catch (DateTimeException unknown) {
                return pages.redirect(exchange, back, Flash.error("'" + id
                        + "' is not a time zone; use an IANA name such as Europe/Berlin."));
            }
        });
    }

    /** The page the form was sent from, when it is one of ours. */
    private static String backTo(ServerWebExchange exchange) {
        String referer = exchange.getRequest().getHeaders().getFirst("Referer");
        if (referer != null) {
            try {
                URI uri = URI.create(referer);
                String host = exchange.getRequest().getURI().getHost();
                if (host != null && host.equalsIgnoreCase(uri.getHost()) && uri.getRawPath() != null
                        && uri.getRawPath().startsWith("/") && !uri.getRawPath().startsWith("//")) {
                    return uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
                }
            } catch (IllegalArgumentException ignored) {
                // not a URL: fall through to the jobs page
            }
        }
        return "/jobs";
    }
}
