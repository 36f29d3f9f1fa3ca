package io.chronohook.dashboard.session;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Double-submit CSRF protection for every state-changing request: the token lives in an HttpOnly, SameSite=Strict
 * cookie and must come back as the form field {@code _csrf} or the header {@code X-CSRF-Token}; forms get it from
 * the page chrome. A mismatch answers 403 before any controller runs.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class CsrfFilter implements WebFilter {

    /** Exchange attribute holding the token the page should embed. */
    public static final String ATTRIBUTE = CsrfFilter.class.getName() + ".token";
    public static final String FIELD = "_csrf";
    public static final String HEADER = "X-CSRF-Token";

    private static final Set<HttpMethod> SAFE = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);
    private static final Duration LIFETIME = Duration.ofDays(7);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Cookies cookies;

    public CsrfFilter(Cookies cookies) {
        this.cookies = cookies;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String path = exchange.getRequest().getPath().value();
        if (path.startsWith("/css/") || path.startsWith("/js/") || path.startsWith("/actuator/")) {
            return chain.filter(exchange);
        }
        String expected = cookies.read(exchange, Cookies.CSRF).orElse(null);
        if (SAFE.contains(exchange.getRequest().getMethod())) {
            if (expected == null) {
                expected = newToken();
                cookies.write(exchange, Cookies.CSRF, expected, LIFETIME, "Strict");
            }
            exchange.getAttributes().put(ATTRIBUTE, expected);
            return chain.filter(exchange);
        }
        String cookieToken = expected;
        return submitted(exchange).defaultIfEmpty("").flatMap(given -> {
            if (cookieToken == null || !same(cookieToken, given)) {
                return refuse(exchange);
            }
            exchange.getAttributes().put(ATTRIBUTE, cookieToken);
            return chain.filter(exchange);
        });
    }

    private static Mono<String> submitted(ServerWebExchange exchange) {
        String header = exchange.getRequest().getHeaders().getFirst(HEADER);
        if (header != null) {
            return Mono.just(header);
        }
        MediaType type = exchange.getRequest().getHeaders().getContentType();
        if (type == null || !MediaType.APPLICATION_FORM_URLENCODED.isCompatibleWith(type)) {
            return Mono.empty();
        }
        // getFormData() is cached on the exchange: the controller reads the same form afterwards.
        return exchange.getFormData().mapNotNull(form -> form.getFirst(FIELD));
    }

    private static boolean same(String expected, String given) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    private static Mono<Void> refuse(ServerWebExchange exchange) {
        exchange.getResponse().setStatusCode(HttpStatus.FORBIDDEN);
        exchange.getResponse().getHeaders().setContentType(new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8));
        byte[] page = """
                <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Form expired · Chronohook</title>
                <link rel="stylesheet" href="/css/app.css"></head><body class="bare"><main class="narrow card">
                <h1>This form has expired</h1><p>For your safety the request was not carried out. Go back, reload the
                page and send the form again.</p><p><a class="button" href="/jobs">Back to the dashboard</a></p>
                </main></body></html>""".getBytes(StandardCharsets.UTF_8);
        DataBuffer buffer = exchange.getResponse().bufferFactory().wrap(page);
        return exchange.getResponse().writeWith(Mono.just(buffer));
    }

    private static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
