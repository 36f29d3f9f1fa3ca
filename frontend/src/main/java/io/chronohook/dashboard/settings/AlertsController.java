package io.chronohook.dashboard.settings;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import io.chronohook.dashboard.backend.Alert;
import io.chronohook.dashboard.backend.AlertSettings;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.page.Flash;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /settings/alerts}: the tenant's alert webhook and thresholds (saved, or turned off), a test alert, and the
 * most recent alerts with how their delivery went.
 */
@Controller
public class AlertsController {

    private static final String PATH = "/settings/alerts";
    private static final String VIEW = "settings/alerts";
    private static final String TITLE = "Alerts · Chronohook";
    private static final int RECENT = 20;

    private final BackendClient backend;
    private final Pages pages;

    public AlertsController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping(PATH)
    public Mono<Rendering> show(Session session, ServerWebExchange exchange) {
        return pages.render(exchange, session, Nav.ALERTS, VIEW, TITLE,
                settings(session).zipWith(recent(session),
                        (settings, recent) -> new AlertsPage(settings, AlertsForm.of(settings), recent.items())));
    }

    @PostMapping(PATH)
    public Mono<Rendering> save(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            AlertsForm typed = typed(form);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("url", typed.url());
            body.put("missedWindowAfter", typed.missedWindowAfter());
            body.put("cooldown", typed.cooldown());
            body.put("events", List.copyOf(typed.events()));
            try {
                body.put("failingThreshold", Integer.parseInt(typed.failingThreshold()));
            } catch (NumberFormatException e) {
                return refusedPage(exchange, session, withErrors(typed, null,
                        Map.of("failingThreshold", "must be a whole number")));
            }
            return backend.send(session.token(), HttpMethod.PUT, uri -> uri.path("/api/v1/alerts/settings").build(),
                            body, AlertSettings.class)
                    .map(saved -> pages.redirect(exchange, PATH, Flash.success("Alert settings saved.")))
                    .onErrorResume(BackendProblem.class, problem -> problem.status() != 400 ? Mono.error(problem)
                            : refusedPage(exchange, session, refused(typed, problem)));
        });
    }

    @PostMapping(PATH + "/off")
    public Mono<Rendering> turnOff(Session session, ServerWebExchange exchange) {
        return backend.perform(session.token(), HttpMethod.DELETE,
                        uri -> uri.path("/api/v1/alerts/settings").build(), null)
                .then(Mono.fromSupplier(() -> pages.redirect(exchange, PATH,
                        Flash.success("Alerts turned off. Alerts not yet sent are dropped."))));
    }

    @PostMapping(PATH + "/test")
    public Mono<Rendering> test(Session session, ServerWebExchange exchange) {
        return backend.send(session.token(), HttpMethod.POST, uri -> uri.path("/api/v1/alerts/test").build(), null,
                        Alert.class)
                .map(alert -> pages.redirect(exchange, PATH, Flash.success(
                        "Test alert " + alert.id() + " queued: it reaches your webhook within seconds.")))
                .onErrorResume(BackendProblem.class, problem -> problem.status() != 409 ? Mono.error(problem)
                        : Mono.just(pages.redirect(exchange, PATH,
                                Flash.error("Set and save an alert webhook first."))));
    }

    private Mono<Rendering> refusedPage(ServerWebExchange exchange, Session session, AlertsForm form) {
        return pages.render(exchange, session, Nav.ALERTS, VIEW,
                settings(session).zipWith(recent(session),
                        (settings, recent) -> new AlertsPage(settings, form, recent.items())),
                any -> TITLE, HttpStatus.UNPROCESSABLE_CONTENT);
    }

    private Mono<AlertSettings> settings(Session session) {
        return backend.get(session.token(), uri -> uri.path("/api/v1/alerts/settings").build(), AlertSettings.class);
    }

    private Mono<Listing<Alert>> recent(Session session) {
        return backend.list(session.token(), uri -> uri.path("/api/v1/alerts").queryParam("limit", RECENT).build(),
                Alert.class);
    }

    private static AlertsForm typed(MultiValueMap<String, String> form) {
        List<String> events = form.get("events") == null ? List.of() : form.get("events");
        return new AlertsForm(text(form, "url"), text(form, "failingThreshold"), text(form, "missedWindowAfter"),
                text(form, "cooldown"), new LinkedHashSet<>(events), null, Map.of());
    }

    private static String text(MultiValueMap<String, String> form, String field) {
        String value = form.getFirst(field);
        return value == null ? "" : value.strip();
    }

    /** The backend's messages per form field; {@code events[1]} belongs to the events checkboxes. */
    private static AlertsForm refused(AlertsForm typed, BackendProblem problem) {
        Map<String, String> errors = problem.messagesByField();
        boolean nextToFields = errors.keySet().stream().anyMatch(AlertsController::isFormField);
        return withErrors(typed, nextToFields ? null : problem.detail(), errors);
    }

    private static boolean isFormField(String field) {
        return List.of("url", "failingThreshold", "missedWindowAfter", "cooldown", "events").contains(field);
    }

    private static AlertsForm withErrors(AlertsForm typed, String error, Map<String, String> errors) {
        return new AlertsForm(typed.url(), typed.failingThreshold(), typed.missedWindowAfter(), typed.cooldown(),
                typed.events(), error, errors);
    }
}
