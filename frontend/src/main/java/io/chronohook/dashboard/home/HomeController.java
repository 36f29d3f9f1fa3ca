package io.chronohook.dashboard.home;

import io.chronohook.dashboard.DashboardProperties;
import io.chronohook.dashboard.backend.BackendClient;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.reactive.result.view.Rendering;
import reactor.core.publisher.Mono;

/** Serves the home page at {@code /}: what Chronohook is, whether the API answers, and how to sign up. */
@Controller
public class HomeController {

    private final BackendClient backend;
    private final DashboardProperties properties;

    public HomeController(BackendClient backend, DashboardProperties properties) {
        this.backend = backend;
        this.properties = properties;
    }

    /** Renders {@code home.jte} once the backend health check has answered or given up. */
    @GetMapping("/")
    public Mono<Rendering> home() {
        return backend.status()
                .map(status -> Rendering.view("home")
                        .modelAttribute("page", HomePage.of(properties.backendUrl(), status))
                        .build());
    }
}
