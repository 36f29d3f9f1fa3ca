package io.chronohook.dashboard.signin;

import java.util.Map;

import io.chronohook.dashboard.backend.AcceptedInvitation;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Pages;
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
 * {@code /invitations/{token}}, the page an invitation's link opens: the invited person chooses a password, the
 * invitation is accepted through the public API, and they are signed in to the tenant that invited them.
 */
@Controller
public class InvitationController {

    private static final String VIEW = "signin/accept";
    private static final String TITLE = "Join your team · Chronohook";

    private final BackendClient backend;
    private final Pages pages;
    private final SignInController signIn;

    public InvitationController(BackendClient backend, Pages pages, SignInController signIn) {
        this.backend = backend;
        this.pages = pages;
        this.signIn = signIn;
    }

    @GetMapping("/invitations/{token}")
    public Rendering form(@PathVariable String token, ServerWebExchange exchange) {
        return pages.renderPublic(exchange, VIEW, TITLE, AcceptForm.empty(token), HttpStatus.OK);
    }

    @PostMapping("/invitations/{token}")
    public Mono<Rendering> accept(@PathVariable String token, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String password = form.getFirst("password") == null ? "" : form.getFirst("password");
            if (!password.equals(form.getFirst("confirm"))) {
                return Mono.just(pages.renderPublic(exchange, VIEW, TITLE, new AcceptForm(token, null,
                        Map.of("confirm", "does not match the password"), false), HttpStatus.UNPROCESSABLE_CONTENT));
            }
            return backend.send(null, HttpMethod.POST,
                            uri -> uri.path("/api/v1/invitations/{token}/accept").build(token),
                            Map.of("password", password), ClientForwarding.headers(exchange), AcceptedInvitation.class)
                    .flatMap(joined -> signIn.signIn(exchange, joined.email(), password)
                            .thenReturn(pages.redirect(exchange, "/jobs",
                                    Flash.success("Welcome: you joined the team as " + joined.role() + "."))))
                    .onErrorResume(BackendProblem.class, problem -> Mono.just(pages.renderPublic(exchange, VIEW,
                            TITLE, refused(token, problem), status(problem))));
        });
    }

    private static AcceptForm refused(String token, BackendProblem problem) {
        boolean closed = problem.status() == 404 || problem.status() == 410;
        String error = !problem.errors().isEmpty() ? null
                : problem.status() == 429 ? SignInController.tooMany(problem) : capitalised(problem.detail());
        return new AcceptForm(token, error, SignInController.fieldErrors(problem), closed);
    }

    /** 404 and 410 as they are (the link is dead), the rest as on the other sign-in pages. */
    private static HttpStatus status(BackendProblem problem) {
        return problem.status() == 404 || problem.status() == 410 ? HttpStatus.valueOf(problem.status())
                : SignInController.status(problem);
    }

    private static String capitalised(String detail) {
        return detail == null || detail.isEmpty() ? "The invitation could not be accepted."
                : Character.toUpperCase(detail.charAt(0)) + detail.substring(1) + ".";
    }
}
