package io.chronohook.dashboard.members;

import java.util.List;
import java.util.Map;

import io.chronohook.dashboard.backend.BackendClient;
import io.chronohook.dashboard.backend.BackendProblem;
import io.chronohook.dashboard.backend.Invitation;
import io.chronohook.dashboard.backend.Listing;
import io.chronohook.dashboard.backend.TeamMember;
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
 * {@code /members}: every member sees the team and the open invitations; owners and admins invite (the answer shows
 * the accept link when the installation sends no mail), revoke invitations, change roles and remove members. A viewer
 * posting anyway gets the 403 page before anything reaches the API.
 */
@Controller
public class MembersController {

    private static final String VIEW = "members/list";
    private static final String TITLE = "Members · Chronohook";

    private final BackendClient backend;
    private final Pages pages;

    public MembersController(BackendClient backend, Pages pages) {
        this.backend = backend;
        this.pages = pages;
    }

    @GetMapping("/members")
    public Mono<Rendering> list(@RequestParam(required = false) String cursor, Session session,
                                ServerWebExchange exchange) {
        Cursor at = Cursor.of(cursor);
        return pages.render(exchange, session, Nav.MEMBERS, VIEW, TITLE, page(session, at, null, InviteForm.empty()));
    }

    @PostMapping("/members/invite")
    public Mono<Rendering> invite(Session session, ServerWebExchange exchange) {
        return admin(session).then(exchange.getFormData()).flatMap(form -> {
            String email = form.getFirst("email") == null ? "" : form.getFirst("email").strip();
            String role = form.getFirst("role") == null ? "" : form.getFirst("role");
            InviteForm typed = new InviteForm(email, role, null, Map.of());
            return backend.send(session.token(), HttpMethod.POST,
                            uri -> uri.path("/api/v1/members/invitations").build(),
                            Map.of("email", email, "role", role), Invitation.class)
                    .flatMap(created -> firstPage(exchange, session, created, InviteForm.empty(), HttpStatus.CREATED))
                    .onErrorResume(BackendProblem.class, problem -> problem.status() == 403 ? Mono.error(problem)
                            : firstPage(exchange, session, null, refused(typed, problem),
                                    HttpStatus.UNPROCESSABLE_CONTENT));
        });
    }

    @PostMapping("/members/invitations/{id}/revoke")
    public Mono<Rendering> revoke(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return admin(session)
                .then(backend.perform(session.token(), HttpMethod.DELETE,
                        uri -> uri.path("/api/v1/members/invitations/{id}").build(id), null))
                .then(Mono.fromSupplier(() -> pages.redirect(exchange, "/members",
                        Flash.success("Invitation revoked: its link works no more."))));
    }

    @PostMapping("/members/{id}/role")
    public Mono<Rendering> changeRole(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return admin(session).then(exchange.getFormData()).flatMap(form -> {
            String role = form.getFirst("role") == null ? "" : form.getFirst("role");
            return backend.send(session.token(), HttpMethod.PATCH, uri -> uri.path("/api/v1/members/{id}").build(id),
                            Map.of("role", role), TeamMember.class)
                    .map(changed -> pages.redirect(exchange, "/members",
                            Flash.success(changed.email() + " is now " + changed.role() + ".")));
        });
    }

    @PostMapping("/members/{id}/remove")
    public Mono<Rendering> remove(@PathVariable String id, Session session, ServerWebExchange exchange) {
        return admin(session)
                .then(backend.perform(session.token(), HttpMethod.DELETE,
                        uri -> uri.path("/api/v1/members/{id}").build(id), null))
                .then(Mono.fromSupplier(() -> pages.redirect(exchange, "/members",
                        Flash.success("Member removed: their sessions ended at once."))));
    }

    /** Refuses a viewer before any call: the same 403 page the API's refusal would give. */
    private Mono<Void> admin(Session session) {
        return pages.me(session).flatMap(me -> me.isAdmin() ? Mono.empty()
                : Mono.error(new BackendProblem(403, "forbidden", "viewers cannot change the team", List.of())));
    }

    private Mono<Rendering> firstPage(ServerWebExchange exchange, Session session, Invitation created,
                                     InviteForm form, HttpStatus status) {
        return pages.render(exchange, session, Nav.MEMBERS, VIEW, page(session, Cursor.of(null), created, form),
                any -> TITLE, status);
    }

    private Mono<MembersPage> page(Session session, Cursor cursor, Invitation created, InviteForm form) {
        Mono<Listing<TeamMember>> members = backend.list(session.token(), cursor.api("/api/v1/members", 50),
                TeamMember.class);
        Mono<Listing<Invitation>> invitations = backend.list(session.token(),
                uri -> uri.path("/api/v1/members/invitations").queryParam("limit", 200).build(), Invitation.class);
        return Mono.zip(members, invitations).map(both -> new MembersPage(both.getT1().items(),
                Cursor.next("/members", both.getT1()), cursor.first(), both.getT2().items(), created, form));
    }

    private static InviteForm refused(InviteForm typed, BackendProblem problem) {
        Map<String, String> errors = problem.messagesByField();
        boolean nextToFields = errors.containsKey("email") || errors.containsKey("role");
        return new InviteForm(typed.email(), typed.role(), nextToFields ? null : problem.detail(), errors);
    }
}
