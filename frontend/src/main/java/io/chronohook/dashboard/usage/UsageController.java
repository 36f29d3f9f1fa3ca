package io.chronohook.dashboard.usage;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.Usage;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code GET /usage}: the current billing period's usage against the plan, and what it costs so far. */
@Controller
public class UsageController {

    private final BackendClient backend;
    private final Pages pages;

    public UsageController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping("/usage")
    public Mono<Rendering> usage(Session session, ServerWebExchange exchange) {
        return pages.render(exchange, session, Nav.USAGE, "usage/usage", "Usage & plan · Chronohook",
                backend.get(session.token(), uri -> uri.path("/api/v1/usage").build(), Usage.class)
                        .map(usage -> UsagePage.of(usage, pages.times(exchange).now())));
    }
}
