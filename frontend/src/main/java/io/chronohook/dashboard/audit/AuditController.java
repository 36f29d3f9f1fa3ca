package io.chronohook.dashboard.audit;

import io.chronohook.dashboard.backend.AuditEvent;
import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.page.Cursor;
import io.chronohook.dashboard.page.Nav;
import io.chronohook.dashboard.page.Pages;
import io.chronohook.dashboard.session.Session;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** {@code GET /audit}: who changed what in the account, 50 events a page, newest first. */
@Controller
public class AuditController {

    static final int PAGE_SIZE = 50;

    private final BackendClient backend;
    private final Pages pages;

    public AuditController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping("/audit")
    public Mono<Rendering> audit(@RequestParam(required = false) String cursor, Session session,
                                 ServerWebExchange exchange) {
        Cursor at = Cursor.of(cursor);
        return pages.render(exchange, session, Nav.AUDIT, "audit/list", "Audit log · Chronohook",
                backend.list(session.token(), at.api("/api/v1/audit", PAGE_SIZE), AuditEvent.class)
                        .map(events -> new AuditPage(events.items().stream().map(AuditRow::of).toList(),
                                Cursor.next("/audit", events), at.first())));
    }
}
