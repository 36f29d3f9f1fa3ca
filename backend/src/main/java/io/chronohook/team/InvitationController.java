package io.chronohook.team;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.chronohook.access.Caller;
import io.chronohook.access.ClientAddress;
import io.chronohook.access.MemberRole;
import io.chronohook.access.SignInLimits;
import io.chronohook.account.MemberFields;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Validation;
import java.time.Clock;
import java.time.Instant;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * Invitations: owners and admins invite by email with a role, list the open invitations and revoke them; the invited
 * person accepts with the token from the mail ({@code POST /api/v1/invitations/{token}/accept}, public).
 */
@RestController
public class InvitationController {

    private final InvitationStore invitations;
    private final TeamService team;
    private final SignInLimits limits;
    private final ClientAddress clients;
    private final Clock clock;

    public InvitationController(InvitationStore invitations, TeamService team, SignInLimits limits,
                                ClientAddress clients, Clock clock) {
        this.invitations = invitations;
        this.team = team;
        this.limits = limits;
        this.clients = clients;
        this.clock = clock;
    }

    /** Who is invited, with which role. */
    public record InviteRequest(String email, String role) {
    }

    /**
     * An invitation; {@code state} is {@code pending} or {@code expired} in the list. {@code acceptLink} is in the answer
     * to the invite only, and only when no SMTP server is configured: the inviter passes the link on by hand.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record InvitationView(String id, String email, String role, String state, String invitedBy,
                                 Instant createdAt, Instant expiresAt, String acceptLink) {

        static InvitationView of(Invitation invitation, Instant now, String acceptLink) {
            return new InvitationView(invitation.id().toString(), invitation.email(), invitation.role().wire(),
                    invitation.state(now).wire(), invitation.invitedBy(), invitation.createdAt(),
                    invitation.expiresAt(), acceptLink);
        }
    }

    /** The password the new member will sign in with. */
    public record AcceptRequest(String password) {
    }

    /** The member an accepted invitation made; sign in with its email and the chosen password. */
    public record AcceptedView(String memberId, String tenantId, String email, String role) {
    }

    @GetMapping("/api/v1/members/invitations")
    public Mono<Page<InvitationView>> listInvitations(@AuthenticationPrincipal Caller caller,
                                           @RequestParam(required = false) Integer limit,
                                           @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return invitations.listOpen(caller.tenantId(), page).map(result -> {
            Instant now = clock.instant();
            return new Page<>(result.items().stream().map(item -> InvitationView.of(item, now, null)).toList(),
                    result.nextCursor());
        });
    }

    @PostMapping("/api/v1/members/invitations")
    public Mono<ResponseEntity<InvitationView>> invite(@AuthenticationPrincipal Caller caller,
                                                       @RequestBody InviteRequest request) {
        Validation validation = new Validation();
        String email = MemberFields.email(validation, request.email());
        validation.check();
        MemberRole role = Roles.parse(request.role());
        return team.invite(caller, email, role).map(invited -> ResponseEntity.status(HttpStatus.CREATED)
                .body(InvitationView.of(invited.invitation(), clock.instant(), invited.acceptLink())));
    }

    @DeleteMapping("/api/v1/members/invitations/{id}")
    public Mono<ResponseEntity<Void>> revokeInvitation(@AuthenticationPrincipal Caller caller,
                                                       @PathVariable String id) {
        InvitationId invitationId = InvitationId.parse(id)
                .orElseThrow(() -> ApiException.notFound("invitation " + id));
        return team.revoke(caller, invitationId).thenReturn(ResponseEntity.noContent().build());
    }

    /** Counted like a sign-up per client address: it creates a member and costs a bcrypt round. */
    @PostMapping("/api/v1/invitations/{token}/accept")
    public Mono<ResponseEntity<AcceptedView>> acceptInvitation(@PathVariable String token,
                                                               @RequestBody AcceptRequest request,
                                                               ServerHttpRequest http) {
        Validation validation = new Validation();
        MemberFields.password(validation, request.password());
        validation.check();
        return limits.signUp(clients.of(http))
                .then(Mono.defer(() -> team.accept(token, request.password())))
                .map(member -> ResponseEntity.status(HttpStatus.CREATED).body(new AcceptedView(
                        member.id().toString(), member.tenantId().toString(), member.email(), member.role().wire())));
    }
}
