package io.chronohook.dashboard.settings;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.Map;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.SigningSecret;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.page.Times;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /settings/signing-secret}: the secret that signs callbacks, masked until {@code ?reveal=1}, and its rotation
 * with a grace period during which the previous secret keeps signing.
 */
@Controller
public class SigningSecretController {

    private static final String PATH = "/settings/signing-secret";
    private static final String VIEW = "settings/signing-secret";
    private static final String TITLE = "Signing secret · Chronohook";

    private final BackendClient backend;
    private final Pages pages;

    public SigningSecretController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping(PATH)
    public Mono<Rendering> show(@RequestParam(required = false) String reveal, Session session,
                                ServerWebExchange exchange) {
        boolean revealed = "1".equals(reveal);
        noStore(exchange);
        return pages.render(exchange, session, Nav.SIGNING_SECRET, VIEW, TITLE,
                secret(session).map(secret -> new SecretPage(secret, revealed, GracePeriod.DEFAULT, null)));
    }

    @PostMapping(PATH + "/rotate")
    public Mono<Rendering> rotate(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String grace = form.getFirst("gracePeriod") == null ? GracePeriod.DEFAULT : form.getFirst("gracePeriod");
            return backend.send(session.token(), HttpMethod.POST, uri -> uri.path("/api/v1/signing-secret/rotate")
                            .build(), Map.of("gracePeriod", grace), SigningSecret.class)
                    .map(rotated -> pages.redirect(exchange, PATH,
                            Flash.success(rotatedMessage(rotated, pages.times(exchange)))))
                    .onErrorResume(BackendProblem.class, problem -> problem.status() != 400 ? Mono.error(problem)
                            : pages.render(exchange, session, Nav.SIGNING_SECRET, VIEW,
                                    secret(session).map(secret -> new SecretPage(secret, false, grace,
                                            problem.messageFor("gracePeriod").orElse(problem.detail()))),
                                    any -> TITLE, HttpStatus.UNPROCESSABLE_CONTENT));
        });
    }

    private Mono<SigningSecret> secret(Session session) {
        return backend.get(session.token(), uri -> uri.path("/api/v1/signing-secret").build(), SigningSecret.class);
    }

    /** "… keeps signing until …" for the secret just retired: the newest of the previous ones. */
    static String rotatedMessage(SigningSecret rotated, Times times) {
        Instant until = rotated.previous().stream()
                .max(Comparator.comparing(SigningSecret.Previous::createdAt,
                        Comparator.nullsFirst(Comparator.naturalOrder())))
                .map(SigningSecret.Previous::expiresAt)
                .orElse(null);
        if (until == null || !until.isAfter(times.now())) {
            return "Secret rotated. The previous one no longer signs: deploy the new secret to your receivers now.";
        }
        String zone = ZoneOffset.UTC.equals(times.zone()) ? "UTC" : times.zoneId();
        return "Secret rotated. The previous one keeps signing until " + times.local(until) + " (" + zone
                + "): deploy the new secret to your receivers before then.";
    }

    /** A page that may print the secret is never kept in a cache. */
    private static void noStore(ServerWebExchange exchange) {
        exchange.getResponse().getHeaders().setCacheControl("no-store");
    }
}
