package io.chronohook.dashboard.operator;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.chronohook.dashboard.backend.AccessToken;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.backend.Me;
import io.chronohook.dashboard.backend.NotSignedIn;
import io.chronohook.dashboard.backend.OperatorNode;
import io.chronohook.dashboard.backend.OperatorStats;
import io.chronohook.dashboard.backend.Usage;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Cookies;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /operator}: the installation's operator signs in with the operator token (checked against the backend and
 * kept in an HttpOnly, SameSite=Strict cookie) and sees fire lag, throughput, queue depths and the plan catalogue.
 */
@Controller
public class OperatorController {

    static final Duration LIFETIME = Duration.ofHours(12);
    /** Who the operator page's chrome shows: the operator credential, no tenant. */
    static final Me OPERATOR = new Me(null, "Operator", null, new Me.Credential("operator", null), null, List.of());

    private static final String LOGIN = "/operator/login";
    private static final String LOGIN_TITLE = "Operator sign-in · Chronohook";

    private final BackendClient backend;
    private final Pages pages;
    private final Cookies cookies;

    public OperatorController(BackendClient backend, Pages pages, Cookies cookies) {
        this.backend = backend;
        this.pages = pages;
        this.cookies = cookies;
    }

    @GetMapping(LOGIN)
    public Rendering form(ServerWebExchange exchange) {
        return pages.renderPublic(exchange, "operator/login", LOGIN_TITLE, new OperatorLogin(null), HttpStatus.OK);
    }

    @PostMapping(LOGIN)
    public Mono<Rendering> signIn(ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String token = form.getFirst("token") == null ? "" : form.getFirst("token").strip();
            if (token.isEmpty()) {
                return Mono.just(refused(exchange, "Enter the operator token.", HttpStatus.UNPROCESSABLE_CONTENT));
            }
            return check(new AccessToken(token))
                    .then(Mono.fromCallable(() -> {
                        cookies.write(exchange, Cookies.OPERATOR, URLEncoder.encode(token, StandardCharsets.UTF_8),
                                LIFETIME, "Strict");
                        return Rendering.redirectTo("/operator").build();
                    }))
                    .onErrorResume(NotSignedIn.class, wrong -> Mono.just(refused(exchange,
                            "That is not this installation's operator token.", HttpStatus.UNAUTHORIZED)))
                    .onErrorResume(BackendProblem.class, problem -> Mono.just(problem.status() == 403
                            ? refused(exchange, "That token does not carry the operator role.", HttpStatus.FORBIDDEN)
                            : refused(exchange, "The API refused the check: " + problem.detail(),
                                    HttpStatus.BAD_GATEWAY)));
        });
    }

    @GetMapping("/operator")
    public Mono<Rendering> page(ServerWebExchange exchange) {
        Optional<AccessToken> token = token(exchange);
        if (token.isEmpty()) {
            return Mono.just(Rendering.redirectTo(LOGIN).build());
        }
        exchange.getResponse().getHeaders().setCacheControl("no-store");
        Mono<Optional<OperatorStats>> stats = backend.get(token.get(), uri -> uri.path("/api/v1/operator/stats")
                        .build(), OperatorStats.class)
                .map(Optional::of)
                .onErrorResume(BackendProblem.class, problem -> problem.isNotFound()
                        ? Mono.just(Optional.empty()) : Mono.error(problem));
        Mono<Listing<Usage.Plan>> plans = backend.list(token.get(), uri -> uri.path("/api/v1/operator/plans").build(),
                Usage.Plan.class);
        Mono<Optional<List<OperatorNode>>> nodes = backend.list(token.get(),
                        uri -> uri.path("/api/v1/operator/nodes").build(), OperatorNode.class)
                .map(listing -> Optional.of(listing.items()))
                .onErrorResume(BackendProblem.class, problem -> problem.isNotFound()
                        ? Mono.just(Optional.empty()) : Mono.error(problem));
        return Mono.zip(stats, nodes, plans)
                .map(all -> Rendering.view("operator/page")
                        .modelAttribute("chrome", pages.chrome(exchange, "Operator · Chronohook", Nav.OPERATOR,
                                OPERATOR))
                        .modelAttribute("page", new OperatorPage(all.getT1().orElse(null), all.getT2().orElse(null),
                                all.getT3().items()))
                        .build())
                .onErrorResume(error -> error instanceof NotSignedIn
                                || error instanceof BackendProblem problem && problem.status() == 403,
                        refused -> {
                            cookies.clear(exchange, Cookies.OPERATOR);
                            return Mono.just(pages.redirect(exchange, LOGIN,
                                    Flash.error("The operator token is no longer accepted. Sign in again.")));
                        });
    }

    /** Drains a node (it takes no new runs and finishes what it has in flight), or lets it take runs again. */
    @PostMapping("/operator/nodes/{id}/{action:drain|undrain}")
    public Mono<Rendering> drain(ServerWebExchange exchange, @PathVariable String id, @PathVariable String action) {
        Optional<AccessToken> token = token(exchange);
        if (token.isEmpty()) {
            return Mono.just(Rendering.redirectTo(LOGIN).build());
        }
        boolean drain = action.equals("drain");
        return backend.perform(token.get(), HttpMethod.POST,
                        uri -> uri.path("/api/v1/operator/nodes/{id}/" + action).build(id), null)
                .then(Mono.fromCallable(() -> pages.redirect(exchange, "/operator", Flash.success(drain
                        ? "Node " + OperatorPage.shortId(id) + " drains: it takes no new runs and finishes those in "
                                + "flight."
                        : "Node " + OperatorPage.shortId(id) + " takes runs again."))))
                .onErrorResume(BackendProblem.class, problem -> Mono.just(pages.redirect(exchange, "/operator",
                        Flash.error(problem.isNotFound() ? "That node is no longer listed."
                                : "The API refused: " + problem.detail()))));
    }

    @PostMapping("/operator/logout")
    public Rendering signOut(ServerWebExchange exchange) {
        cookies.clear(exchange, Cookies.OPERATOR);
        return pages.redirect(exchange, LOGIN, Flash.success("You are signed out of the operator page."));
    }

    /** Succeeds when the backend accepts {@code token} as the operator's; falls back to the plans on an older API. */
    private Mono<Void> check(AccessToken token) {
        return backend.get(token, uri -> uri.path("/api/v1/operator/stats").build(), OperatorStats.class).then()
                .onErrorResume(BackendProblem.class, problem -> problem.isNotFound()
                        ? backend.list(token, uri -> uri.path("/api/v1/operator/plans").build(), Usage.Plan.class)
                                .then()
                        : Mono.error(problem));
    }

    private Optional<AccessToken> token(ServerWebExchange exchange) {
        return cookies.read(exchange, Cookies.OPERATOR)
                .flatMap(OperatorController::decode)
                .filter(value -> !value.isBlank())
                .map(AccessToken::new);
    }

    private static Optional<String> decode(String raw) {
        try {
            return Optional.of(URLDecoder.decode(raw, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    private Rendering refused(ServerWebExchange exchange, String error, HttpStatus status) {
        return pages.renderPublic(exchange, "operator/login", LOGIN_TITLE, new OperatorLogin(error), status);
    }
}
