package io.chronohook.dashboard.keys;

import java.util.List;
import java.util.Map;

import io.chronohook.dashboard.backend.ApiKey;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.page.Cursor;
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
        Cursor at = Cursor.of(cursor);
        return pages.render(exchange, session, Nav.API_KEYS, VIEW, TITLE,
                keys(session, at).map(keys -> page(keys, at, null, KeyForm.empty())));
    }

    @PostMapping("/api-keys")
    public Mono<Rendering> create(Session session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            String name = form.getFirst("name") == null ? "" : form.getFirst("name").strip();
            List<String> scopes = form.get("scopes") == null ? List.of() : form.get("scopes");
            KeyForm typed = KeyForm.typed(name, scopes);
            return backend.send(session.token(), HttpMethod.POST, uri -> uri.path("/api/v1/api-keys").build(),
                            Map.of("name", name, "scopes", scopes), ApiKey.class)
                    .flatMap(created -> firstPage(exchange, session, created, KeyForm.empty(), HttpStatus.CREATED))
                    .onErrorResume(BackendProblem.class, problem -> problem.status() == 403 ? Mono.error(problem)
                            : firstPage(exchange, session, null, refused(typed, problem),
                                    HttpStatus.UNPROCESSABLE_CONTENT));
        });
    }

    /** The list's first page after a create: with the new key ({@code created}) or with the refused form. */
    private Mono<Rendering> firstPage(ServerWebExchange exchange, Session session, ApiKey created, KeyForm form,
                                     HttpStatus status) {
        Cursor first = Cursor.of(null);
        return pages.render(exchange, session, Nav.API_KEYS, VIEW,
                keys(session, first).map(keys -> page(keys, first, created, form)), any -> TITLE, status);
    }

    @PostMapping("/api-keys/{id}/revoke")
    public Mono<Rendering> revoke(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return backend.perform(session.token(), HttpMethod.DELETE,
                        uri -> uri.path("/api/v1/api-keys/{id}").build(id), null)
                .then(Mono.fromSupplier(() -> pages.redirect(exchange, "/api-keys", Flash.success("Key revoked."))));
    }

    private Mono<Listing<ApiKey>> keys(Session session, Cursor cursor) {
        return backend.list(session.token(), cursor.api("/api/v1/api-keys", 50), ApiKey.class);
    }

    private static KeysPage page(Listing<ApiKey> keys, Cursor cursor, ApiKey created, KeyForm form) {
        return new KeysPage(keys.items(), Cursor.next("/api-keys", keys), cursor.first(), created, form);
    }

    /** The backend's messages per form field: {@code scopes[1]} belongs to the scopes checkboxes. */
    private static KeyForm refused(KeyForm typed, BackendProblem problem) {
        Map<String, String> errors = problem.messagesByField();
        boolean nextToFields = errors.containsKey("name") || errors.containsKey("scopes");
        return new KeyForm(typed.name(), typed.scopes(), nextToFields ? null : problem.detail(), errors);
    }
}
