package io.chronohook.dashboard.signin;

import java.util.Map;

import io.chronohook.dashboard.DashboardProperties;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.SignupResult;
import io.chronohook.dashboard.page.Pages;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /signup}: creates a tenant with its owner through the public API, signs the owner in, and shows the first
 * API key and the signing secret once.
 */
@Controller
public class SignUpController {

    private final BackendClient backend;
    private final Pages pages;
    private final SignInController signIn;
    private final String backendUrl;

    public SignUpController(BackendClient backend, Pages pages, SignInController signIn,
                            DashboardProperties properties) {
        this.backend = backend;
        this.pages = pages;
        this.signIn = signIn;
        this.backendUrl = properties.backendUrl().toString();
    }

    @GetMapping("/signup")
    public Rendering form(ServerWebExchange exchange) {
        return pages.renderPublic(exchange, "signin/signup", "Create your account · Chronohook", SignUpForm.empty(),
                HttpStatus.OK);
    }

    @PostMapping("/signup")
    public Mono<Rendering> signUp(ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String tenantName = SignInController.value(form, "tenantName");
            String email = SignInController.value(form, "email");
            String password = form.getFirst("password") == null ? "" : form.getFirst("password");
            return backend.send(null, HttpMethod.POST, uri -> uri.path("/api/v1/signup").build(),
                            Map.of("tenantName", tenantName, "email", email, "password", password),
                            ClientForwarding.headers(exchange), SignupResult.class)
                    .flatMap(result -> signIn.signIn(exchange, email, password)
                            .thenReturn(pages.renderPublic(exchange, "signin/welcome", "Welcome · Chronohook",
                                    new Welcome(tenantName, result.apiKey(), result.signingSecret(), backendUrl),
                                    HttpStatus.CREATED)))
                    .onErrorResume(BackendProblem.class, problem -> Mono.just(pages.renderPublic(exchange,
                            "signin/signup", "Create your account · Chronohook",
                            new SignUpForm(tenantName, email, !problem.errors().isEmpty() ? null
                                    : problem.status() == 429 ? SignInController.tooMany(problem) : problem.detail(),
                                    SignInController.fieldErrors(problem)),
                            SignInController.status(problem))));
        });
    }
}
