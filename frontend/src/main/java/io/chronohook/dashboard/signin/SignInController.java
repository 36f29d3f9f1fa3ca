package io.chronohook.dashboard.signin;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.chronohook.dashboard.backend.AccessToken;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.IssuedToken;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Cookies;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /login} and {@code /logout}: exchanges email and password for a backend access token and keeps it in the
 * HttpOnly session cookie for as long as the token lives.
 */
@Controller
public class SignInController {

    private final BackendClient backend;
    private final Pages pages;
    private final Cookies cookies;

    public SignInController(BackendClient backend, Pages pages, Cookies cookies) {
        this.backend = backend;
        this.pages = pages;
        this.cookies = cookies;
    }

    @GetMapping("/login")
    public Rendering form(@RequestParam(required = false) String next, ServerWebExchange exchange) {
        if (cookies.read(exchange, Cookies.SESSION).isPresent()) {
            return Rendering.redirectTo(safeNext(next)).build();
        }
        return pages.renderPublic(exchange, "signin/login", "Sign in · Chronohook", SignInForm.empty(safeNext(next)),
                HttpStatus.OK);
    }

    @PostMapping("/login")
    public Mono<Rendering> signIn(ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String email = value(form, "email");
            String next = safeNext(form.getFirst("next"));
            return signIn(exchange, email, value(form, "password"))
                    .thenReturn(Rendering.redirectTo(next).build())
                    .onErrorResume(BackendProblem.class, problem -> Mono.just(pages.renderPublic(exchange,
                            "signin/login", "Sign in · Chronohook",
                            new SignInForm(email, next, message(problem), fieldErrors(problem)), status(problem))));
        });
    }

    @PostMapping("/logout")
    public Rendering signOut(ServerWebExchange exchange) {
        cookies.clear(exchange, Cookies.SESSION);
        return pages.redirect(exchange, "/login", Flash.success("You are signed out."));
    }

    private static String message(BackendProblem problem) {
        return switch (problem.status()) {
            case 401 -> "The email or password is wrong.";
            case 429 -> tooMany(problem);
            default -> problem.detail();
        };
    }

    /** "Too many attempts: this account is locked after repeated failed sign-ins; try again in 30 s." */
    static String tooMany(BackendProblem problem) {
        return "Too many attempts: " + problem.detail() + ".";
    }

    static HttpStatus status(BackendProblem problem) {
        return switch (problem.status()) {
            case 401 -> HttpStatus.UNAUTHORIZED;
            case 409 -> HttpStatus.CONFLICT;
            case 429 -> HttpStatus.TOO_MANY_REQUESTS;
            default -> HttpStatus.UNPROCESSABLE_CONTENT;
        };
    }

    /** Asks the backend for a token and sets the session cookie; fails with the backend's problem. */
    Mono<Void> signIn(ServerWebExchange exchange, String email, String password) {
        return backend.send(null, HttpMethod.POST, uri -> uri.path("/api/v1/auth/token").build(),
                        Map.of("email", email, "password", password), ClientForwarding.headers(exchange),
                        IssuedToken.class)
                .doOnNext(token -> cookies.write(exchange, Cookies.SESSION,
                        new AccessToken(token.accessToken()).value(), Duration.ofSeconds(token.expiresIn()), "Lax"))
                .then();
    }

    static String value(MultiValueMap<String, String> form, String field) {
        String value = form.getFirst(field);
        return value == null ? "" : value.strip();
    }

    static Map<String, String> fieldErrors(BackendProblem problem) {
        Map<String, String> errors = new LinkedHashMap<>();
        problem.errors().forEach(error -> errors.putIfAbsent(error.field(), error.message()));
        return errors;
    }

    /** Only paths of this site: never {@code //host} or an absolute URL (no open redirect). */
    static String safeNext(String next) {
        if (next == null || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) {
            return "/jobs";
        }
        return next;
    }
}
