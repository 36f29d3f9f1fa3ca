package io.chronohook.team;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.chronohook.access.Caller;
import io.chronohook.access.ClientAddress;
import io.chronohook.access.MemberRole;
import io.chronohook.access.SignInLimits;
import io.chronohook.account.MemberFields;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@Tag(name = ApiTags.MEMBERS)
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
    @Schema(description = "Who is invited, with which role.")
    public record InviteRequest(
            @Schema(description = "The email to invite, which the new member will sign in with: at most 254 "
                    + "characters, kept in lower case; not yet a member of any tenant.", example = "grace@example.com",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String email,
            @Schema(description = "The role the new member will have.", example = "admin",
                    allowableValues = {"owner", "admin", "viewer"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String role) {
    }

    /**
     * An invitation; {@code state} is {@code pending} or {@code expired} in the list. {@code acceptLink} is in the answer
     * to the invite only, and only when no SMTP server is configured: the inviter passes the link on by hand.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(description = "An invitation to join the tenant with a role, neither accepted nor revoked.")
    public record InvitationView(
            @Schema(description = "The invitation's id (`inv_…`); not the token that accepts it.",
                    example = "inv_0195a7e2f4a17d3e8b6c5a4f3e2d1c0b", requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The email invited.", example = "grace@example.com",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String email,
            @Schema(description = "The role the new member will have.", example = "admin",
                    allowableValues = {"owner", "admin", "viewer"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String role,
            @Schema(description = "`pending` until `expiresAt`, then `expired` (an expired invitation can no longer "
                    + "be accepted).", example = "pending", allowableValues = {"pending", "expired"},
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String state,
            @Schema(description = "The id of the credential that invited: a member (`mem_…`) or an API key "
                    + "(`key_…`).", example = "mem_0195a7c43b2e7f109c4d2e8b5a1f6c3d",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String invitedBy,
            @Schema(description = "When the invitation was made.", example = "2026-03-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant createdAt,
            @Schema(description = "When its link stops working (`chronohook.teams.invitation-ttl` after it was made, "
                    + "7 days by default).", example = "2026-03-08T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant expiresAt,
            @Schema(description = "The link to accept the invitation, for the inviter to pass on: only in the answer "
                    + "to the invitation, and only when the installation has no SMTP server to mail it; absent "
                    + "otherwise.",
                    example = "https://dashboard.example.com/invitations/xXaIrfoI11YuWeqFu71AvIY5UC39hmL2d31p8H5u4os")
            String acceptLink) {

        static InvitationView of(Invitation invitation, Instant now, String acceptLink) {
            return new InvitationView(invitation.id().toString(), invitation.email(), invitation.role().wire(),
                    invitation.state(now).wire(), invitation.invitedBy(), invitation.createdAt(),
                    invitation.expiresAt(), acceptLink);
        }
    }

    /** The password the new member will sign in with. */
    @Schema(description = "The password the new member will sign in with.")
    public record AcceptRequest(
            @Schema(description = "The password: at least 10 characters and at most 72 bytes in UTF-8.",
                    example = "correct horse battery staple", requiredMode = Schema.RequiredMode.REQUIRED)
            String password) {
    }

    /** The member an accepted invitation made; sign in with its email and the chosen password. */
    @Schema(description = "The member an accepted invitation made; it signs in with its email and the password "
            + "chosen.")
    public record AcceptedView(
            @Schema(description = "The new member's id.", example = "mem_0195a7d81c6f7a02b3e45f9c8d7a6b21",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String memberId,
            @Schema(description = "The tenant the member joined.", example = "ten_3f2c9a1b7d4e4f60a8b5c2d1e0f9a7b6",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String tenantId,
            @Schema(description = "The member's email, the one invited.", example = "grace@example.com",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String email,
            @Schema(description = "The member's role, the one invited with.", example = "admin",
                    allowableValues = {"owner", "admin", "viewer"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String role) {
    }

    @GetMapping("/api/v1/members/invitations")
    @Operation(operationId = "listInvitations", summary = "List open invitations",
            description = "The invitations neither accepted nor revoked, `pending` or `expired`, newest first, in "
                    + "pages: pass the answer's `nextCursor` as `cursor` for the next page (null on the last one); "
                    + "`limit` is 1–200, default 50. Every member may read them: needs `jobs:read` or `admin`.")
    @ApiResponse(responseCode = "200", description = "A page of the open invitations, newest first.")
    public Mono<Page<InvitationView>> listInvitations(@AuthenticationPrincipal Caller caller,
                                           @Parameter(description = "How many invitations a page holds: 1–200; "
                                                   + "default 50.", example = "50")
                                           @RequestParam(required = false) Integer limit,
                                           @Parameter(description = "The `nextCursor` of the previous page; left "
                                                   + "out for the first page.",
                                                   example = "MDE5NWE3YzQtM2IyZS03ZjEwLTljNGQtMmU4YjVhMWY2YzNk")
                                           @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return invitations.listOpen(caller.tenantId(), page).map(result -> {
            Instant now = clock.instant();
            return new Page<>(result.items().stream().map(item -> InvitationView.of(item, now, null)).toList(),
                    result.nextCursor());
        });
    }

    @PostMapping("/api/v1/members/invitations")
    @Operation(operationId = "inviteMember", summary = "Invite a member",
            description = "Invites an email with a role: a mail with the link to accept goes out through the outbox; "
                    + "the link works once, until `expiresAt`. Without an SMTP server the answer also holds "
                    + "`acceptLink`, for the inviter to pass on (shown only here). A newer invitation to the same "
                    + "email revokes the open one. Needs the `admin` scope (an owner's or admin's token, or an API "
                    + "key with `admin`); inviting an owner needs an owner's token. At most 50 invitations an hour "
                    + "per tenant by default. Audited as `invitation.created`.")
    @ApiResponse(responseCode = "201", description = "The invitation, `pending`; with `acceptLink` when no SMTP server "
            + "will mail it.")
    @ApiResponse(responseCode = "403", description = "The credential lacks the `admin` scope (`forbidden`), or "
            + "`owner_required`: only an owner may invite an owner.")
    @ApiResponse(responseCode = "409", description = "`already_member`: the email is a member of this tenant. "
            + "`email_taken`: the email is a member of another tenant.")
    @ApiResponse(responseCode = "429", description = "`too_many_invitations`: the tenant made its hourly number of "
            + "invitations (`chronohook.teams.invitations-per-hour`); `Retry-After` says when to try again.")
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
    @Operation(operationId = "revokeInvitation", summary = "Revoke an invitation",
            description = "Its link works no more. Needs the `admin` scope (an owner's or admin's token, or an API "
                    + "key with `admin`); revoking an invitation to become an owner needs an owner's token. Audited "
                    + "as `invitation.revoked`.")
    @ApiResponse(responseCode = "204", description = "The invitation is revoked.")
    @ApiResponse(responseCode = "403", description = "The credential lacks the `admin` scope (`forbidden`), or "
            + "`owner_required`: only an owner may revoke an owner's invitation.")
    @ApiResponse(responseCode = "409", description = "`invitation_not_open`: the invitation was already accepted or "
            + "revoked.")
    public Mono<ResponseEntity<Void>> revokeInvitation(@AuthenticationPrincipal Caller caller,
                                                       @Parameter(description = "The invitation's id (`inv_…`).",
                                                               example = "inv_0195a7e2f4a17d3e8b6c5a4f3e2d1c0b")
                                                       @PathVariable String id) {
        InvitationId invitationId = InvitationId.parse(id)
                .orElseThrow(() -> ApiException.notFound("invitation " + id));
        return team.revoke(caller, invitationId).thenReturn(ResponseEntity.noContent().build());
    }

    /** Counted like a sign-up per client address: it creates a member and costs a bcrypt round. */
    @PostMapping("/api/v1/invitations/{token}/accept")
    @Operation(operationId = "acceptInvitation", summary = "Accept an invitation",
            description = "Creates the member in the inviting tenant with the invitation's email and role and the "
                    + "password given; the member then signs in with `POST /api/v1/auth/token`. Public: the token "
                    + "from the invitation's link is the credential, and works once. Counted like a sign-up per client "
                    + "address. Audited as `invitation.accepted`, with the new member as the actor.")
    @ApiResponse(responseCode = "201", description = "The new member.")
    @ApiResponse(responseCode = "404", description = "`invitation_not_found`: no invitation has this token.")
    @ApiResponse(responseCode = "409", description = "`email_taken`: the email became a member of a tenant meanwhile.")
    @ApiResponse(responseCode = "410", description = "`invitation_expired`, `invitation_used` (accepted already) or "
            + "`invitation_revoked` (revoked, or replaced by a newer invitation).")
    @ApiResponse(responseCode = "429", description = "`too_many_attempts`: too many sign-ups and acceptances from this "
            + "client address; `Retry-After` says when to try again.")
    public Mono<ResponseEntity<AcceptedView>> acceptInvitation(
            @Parameter(description = "The token from the invitation's link (its last 43 characters).",
                    example = "xXaIrfoI11YuWeqFu71AvIY5UC39hmL2d31p8H5u4os")
            @PathVariable String token,
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
