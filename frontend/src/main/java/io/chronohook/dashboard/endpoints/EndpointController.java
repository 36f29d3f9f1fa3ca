package io.chronohook.dashboard.endpoints;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Endpoint;
import io.chronohook.dashboard.backend.FlowKey;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /endpoints}: each target host's circuit breaker, success rate, last error and flow limits (requests in
 * flight against the limit, runs waiting), and the tenant's flow keys; sets and removes limits of hosts and keys.
 */
@Controller
public class EndpointController {

    static final String PATH = "/endpoints";

    private final BackendClient backend;
    private final Pages pages;

    public EndpointController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping(PATH)
    public Mono<Rendering> list(Session session, ServerWebExchange exchange) {
        Mono<EndpointsPage> page = backend.list(session.token(), uri -> uri.path("/api/v1/endpoints").build(),
                        Endpoint.class)
                // The hosts are shown even when the flow keys cannot be read.
                .zipWith(backend.list(session.token(), uri -> uri.path("/api/v1/flow-keys").build(), FlowKey.class)
                        .map(Listing::items)
                        .onErrorResume(BackendProblem.class, problem -> Mono.just(List.of())))
                .map(both -> new EndpointsPage(both.getT1().items(), both.getT2()));
        return pages.render(exchange, session, Nav.ENDPOINTS, "endpoints/list", "Endpoints · Chronohook", page);
    }

    /** Sets the limits of one host. */
    @PostMapping(PATH + "/limits")
    public Mono<Rendering> saveHost(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String host = LimitsForm.text(form, "host").toLowerCase(Locale.ROOT);
            LimitsForm typed = LimitsForm.of(form, false);
            if (host.isEmpty()) {
                return Mono.just(refused(exchange, "Name the host whose limits to set."));
            }
            if (!typed.ok()) {
                return Mono.just(refused(exchange, describe(typed.errors())));
            }
            return backend.perform(session.token(), HttpMethod.PUT,
                            uri -> uri.path("/api/v1/endpoints/{host}/limits").build(host), typed.body())
                    .then(Mono.fromSupplier(() -> pages.redirect(exchange, PATH,
                            Flash.success("Limits of " + host + " saved."))))
                    .onErrorResume(BackendProblem.class, problem -> refusedByBackend(exchange, problem));
        });
    }

    /** Removes the tenant's own limits of one host (its plan's default applies again). */
    @PostMapping(PATH + "/limits/remove")
    public Mono<Rendering> removeHost(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String host = LimitsForm.text(form, "host");
            return backend.perform(session.token(), HttpMethod.DELETE,
                            uri -> uri.path("/api/v1/endpoints/{host}/limits").build(host), null)
                    .then(Mono.fromSupplier(() -> pages.redirect(exchange, PATH,
                            Flash.success("Limits of " + host + " removed."))))
                    .onErrorResume(BackendProblem.class, problem -> refusedByBackend(exchange, problem));
        });
    }

    /** Sets a flow key's weight and limits. */
    @PostMapping(PATH + "/flow-keys")
    public Mono<Rendering> saveKey(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String key = LimitsForm.text(form, "key");
            LimitsForm typed = LimitsForm.of(form, true);
            if (key.isEmpty()) {
                return Mono.just(refused(exchange, "Name the flow key to set (or _default for every key)."));
            }
            if (!typed.ok()) {
                return Mono.just(refused(exchange, describe(typed.errors())));
            }
            return backend.perform(session.token(), HttpMethod.PUT,
                            uri -> uri.path("/api/v1/flow-keys/{key}").build(key), typed.body())
                    .then(Mono.fromSupplier(() -> pages.redirect(exchange, PATH,
                            Flash.success("Flow key " + key + " saved."))))
                    .onErrorResume(BackendProblem.class, problem -> refusedByBackend(exchange, problem));
        });
    }

    /** Removes a flow key's settings (the key then has _default's). */
    @PostMapping(PATH + "/flow-keys/remove")
    public Mono<Rendering> removeKey(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String key = LimitsForm.text(form, "key");
            return backend.perform(session.token(), HttpMethod.DELETE,
                            uri -> uri.path("/api/v1/flow-keys/{key}").build(key), null)
                    .then(Mono.fromSupplier(() -> pages.redirect(exchange, PATH,
                            Flash.success("Flow key " + key + " removed."))))
                    .onErrorResume(BackendProblem.class, problem -> refusedByBackend(exchange, problem));
        });
    }

    private Mono<Rendering> refusedByBackend(ServerWebExchange exchange, BackendProblem problem) {
        if (problem.status() != 400 && !problem.isNotFound()) {
            return Mono.error(problem);
        }
        Map<String, String> fields = problem.messagesByField();
        return Mono.just(refused(exchange, fields.isEmpty() ? problem.detail() : describe(fields)));
    }

    private Rendering refused(ServerWebExchange exchange, String message) {
        return pages.redirect(exchange, PATH, Flash.error("Not saved: " + message));
    }

    /** {@code field: message; field: message}, in the form's words. */
    static String describe(Map<String, String> errors) {
        return errors.entrySet().stream()
                .map(error -> label(error.getKey()) + ": " + error.getValue().strip())
                .collect(Collectors.joining("; "));
    }

    private static String label(String field) {
        return switch (field) {
            case "maxInFlight" -> "in flight at most";
            case "rateLimit", "rate.limit", "rate" -> "rate";
            case "ratePeriod", "rate.period" -> "per";
            case "rateBurst", "rate.burst" -> "burst";
            default -> field;
        };
    }
}
