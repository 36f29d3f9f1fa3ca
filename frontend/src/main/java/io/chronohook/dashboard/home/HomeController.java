package io.chronohook.dashboard.home;

import io.chronohook.dashboard.DashboardProperties;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Cookies;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Serves {@code /}: signed-in visitors go to their jobs; others see what Chronohook is and whether the API answers. */
@Controller
public class HomeController {

    private final BackendClient backend;
    private final DashboardProperties properties;
    private final Pages pages;
    private final Cookies cookies;

    public HomeController(BackendClient backend, DashboardProperties properties, Pages pages, Cookies cookies) {
        this.backend = backend;
        this.properties = properties;
        this.pages = pages;
        this.cookies = cookies;
    }

    /** Renders {@code home.jte} once the backend health check has answered or given up. */
    @GetMapping("/")
    public Mono<Rendering> home(ServerWebExchange exchange) {
        if (cookies.read(exchange, Cookies.SESSION).isPresent()) {
            return Mono.just(Rendering.redirectTo("/jobs").build());
        }
        return backend.status()
                .map(status -> pages.renderPublic(exchange, "home", "Chronohook",
                        HomePage.of(properties.backendUrl(), status), HttpStatus.OK));
    }
}
