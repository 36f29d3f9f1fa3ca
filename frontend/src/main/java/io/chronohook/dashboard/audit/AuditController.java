package io.chronohook.dashboard.audit;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import io.chronohook.dashboard.backend.AuditEvent;
import io.chronohook.dashboard.backend.BackendClient;
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
        boolean first = cursor == null || cursor.isBlank();
        return pages.render(exchange, session, Nav.AUDIT, "audit/list", "Audit log · Chronohook",
                backend.list(session.token(), uri -> {
                    uri.path("/api/v1/audit").queryParam("limit", PAGE_SIZE);
                    return first ? uri.build() : uri.queryParam("cursor", "{cursor}").build(cursor);
                }, AuditEvent.class).map(events -> new AuditPage(
                        events.items().stream().map(AuditRow::of).toList(),
                        events.nextCursor() == null ? null
                                : "/audit?cursor=" + URLEncoder.encode(events.nextCursor(), StandardCharsets.UTF_8),
                        first)));
    }
}
