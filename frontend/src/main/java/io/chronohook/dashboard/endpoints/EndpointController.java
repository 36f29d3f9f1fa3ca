package io.chronohook.dashboard.endpoints;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.Endpoint;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code /endpoints}: each target host's circuit breaker, success rate and last error. */
@Controller
public class EndpointController {

    private final BackendClient backend;
    private final Pages pages;

    public EndpointController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping("/endpoints")
    public Mono<Rendering> list(Session session, ServerWebExchange exchange) {
        Mono<EndpointsPage> page = backend.list(session.token(), uri -> uri.path("/api/v1/endpoints").build(),
                        Endpoint.class)
                .map(listing -> new EndpointsPage(listing.items()));
        return pages.render(exchange, session, Nav.ENDPOINTS, "endpoints/list", "Endpoints · Chronohook", page);
    }
}
