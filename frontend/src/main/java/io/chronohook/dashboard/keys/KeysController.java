package io.chronohook.dashboard.keys;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.chronohook.dashboard.backend.ApiKey;
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
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /api-keys}: lists the tenant's keys, creates one (rendered, not redirected to: the key is shown only in that
 * answer) and revokes one.
 */
@Controller
public class KeysController {

    private static final String VIEW = "keys/list";
    private static final String TITLE = "API keys · Chronohook";

    private final BackendClient backend;
    private final Pages pages;

    public KeysController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping("/api-keys")
    public Mono<Rendering> list(@RequestParam(required = false) String cursor, Session session,
                                ServerWebExchange exchange) {
        return pages.render(exchange, session, Nav.API_KEYS, VIEW, TITLE,
                keys(session, cursor).map(keys -> page(keys, cursor, null, KeyForm.empty())));
    }

    @PostMapping("/api-keys")
    public Mono<Rendering> create(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String name = form.getFirst("name") == null ? "" : form.getFirst("name").strip();
            List<String> scopes = form.get("scopes") == null ? List.of() : form.get("scopes");
            KeyForm typed = KeyForm.typed(name, scopes);
            return backend.send(session.token(), HttpMethod.POST, uri -> uri.path("/api/v1/api-keys").build(),
                            Map.of("name", name, "scopes", scopes), ApiKey.class)
                    .flatMap(created -> pages.render(exchange, session, Nav.API_KEYS, VIEW,
                            keys(session, null).map(keys -> page(keys, null, created, KeyForm.empty())),
                            any -> TITLE, HttpStatus.CREATED))
                    .onErrorResume(BackendProblem.class, problem -> problem.status() == 403
                            ? Mono.error(problem)
                            : pages.render(exchange, session, Nav.API_KEYS, VIEW,
                                    keys(session, null).map(keys -> page(keys, null, null, refused(typed, problem))),
                                    any -> TITLE, HttpStatus.UNPROCESSABLE_CONTENT));
        });
    }

    @PostMapping("/api-keys/{id}/revoke")
    public Mono<Rendering> revoke(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return backend.perform(session.token(), HttpMethod.DELETE,
                        uri -> uri.path("/api/v1/api-keys/{id}").build(id), null)
                .thenReturn(pages.redirect(exchange, "/api-keys", Flash.success("Key revoked.")));
    }

    private Mono<Listing<ApiKey>> keys(Session session, String cursor) {
        return backend.list(session.token(), uri -> {
            uri.path("/api/v1/api-keys").queryParam("limit", 50);
            if (cursor != null && !cursor.isBlank()) {
                uri.queryParam("cursor", "{cursor}");
                return uri.build(cursor);
            }
            return uri.build();
        }, ApiKey.class);
    }

    private static KeysPage page(Listing<ApiKey> keys, String cursor, ApiKey created, KeyForm form) {
        String next = keys.nextCursor() == null ? null
                : "/api-keys?cursor=" + URLEncoder.encode(keys.nextCursor(), StandardCharsets.UTF_8);
        return new KeysPage(keys.items(), next, cursor == null || cursor.isBlank(), created, form);
    }

    /** The backend's messages per form field: {@code scopes[1]} belongs to the scopes checkboxes. */
    private static KeyForm refused(KeyForm typed, BackendProblem problem) {
        Map<String, String> errors = new LinkedHashMap<>();
        problem.errors().forEach(error -> {
            String field = error.field() == null ? "" : error.field();
            errors.putIfAbsent(field.startsWith("scopes") ? "scopes" : field,
                    error.message() == null ? "is not valid" : error.message());
        });
        boolean nextToFields = errors.containsKey("name") || errors.containsKey("scopes");
        return new KeyForm(typed.name(), typed.scopes(), nextToFields ? null : problem.detail(), errors);
    }
}
