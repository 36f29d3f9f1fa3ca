package io.chronohook.team;

import io.chronohook.access.Caller;
import io.chronohook.access.Member;
import io.chronohook.access.MemberId;
import io.chronohook.access.MemberRole;
import io.chronohook.access.MemberStore;
import io.chronohook.access.PasswordHasher;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.billing.tenant.Tenant;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.billing.tenant.TenantStore;
import io.chronohook.mail.MailOutbox;
import io.chronohook.mail.MailProperties;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Uuid7;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Invitations and membership changes. Each change and its audit event (and, for an invitation, its mail in the
 * outbox) are written in one transaction; changes that could leave a tenant without an owner lock its owners first.
 */
@Service
public class TeamService {

    private static final Duration LIMIT_WINDOW = Duration.ofHours(1);
    private static final DateTimeFormatter MAIL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final MemberStore members;
    private final InvitationStore invitations;
    private final TenantStore tenants;
    private final PasswordHasher passwords;
    private final AuditStore audit;
    private final MailOutbox outbox;
    private final TeamProperties properties;
    private final MailProperties mail;
    private final TransactionalOperator tx;
    private final SecureRandom random;
    private final Clock clock;

    public TeamService(MemberStore members, InvitationStore invitations, TenantStore tenants, PasswordHasher passwords,
                       AuditStore audit, MailOutbox outbox, TeamProperties properties, MailProperties mail,
                       TransactionalOperator tx, SecureRandom random, Clock clock) {
        this.members = members;
        this.invitations = invitations;
        this.tenants = tenants;
        this.passwords = passwords;
        this.audit = audit;
        this.outbox = outbox;
        this.properties = properties;
        this.mail = mail;
        this.tx = tx;
        this.random = random;
        this.clock = clock;
    }

    /** An invitation just made; {@code acceptLink} is set only when no SMTP server will mail it. */
    public record Invited(Invitation invitation, String acceptLink) {
    }

    public Mono<Invited> invite(Caller caller, String email, MemberRole role) {
        TeamRules.mayChange(caller, null, role);
        TenantId tenantId = caller.tenantId();
        return members.findByEmail(email)
                .flatMap(existing -> Mono.<Member>error(existing.tenantId().equals(tenantId)
                        ? new ApiException(HttpStatus.CONFLICT, "already_member", email + " is already a member")
                        : emailTaken()))
                .then(underHourlyLimit(tenantId))
                .then(Mono.zip(tenants.find(tenantId), inviterName(caller)))
                .flatMap(found -> {
                    Instant now = clock.instant();
                    InvitationToken token = InvitationToken.generate(random);
                    Invitation invitation = new Invitation(new InvitationId(Uuid7.next(clock)), tenantId, email, role,
                            caller.id(), now, now.plus(properties.invitationTtl()), null, null);
                    String link = properties.acceptLink(token.plaintext());
                    return invitations.insertReplacingOpen(invitation, token.hash())
                            .then(audit.record(tenantId, AuditEntry.by(caller, "invitation.created", "invitation",
                                    invitation.id().toString(), Map.of("email", email, "role", role.wire()))))
                            .then(outbox.enqueue(tenantId, email, subject(found.getT1()),
                                    body(found.getT1(), found.getT2(), invitation, link)))
                            .as(tx::transactional)
                            .thenReturn(new Invited(invitation, mail.smtpConfigured() ? null : link));
                });
    }

    /**
     * Every invitation sends a mail from this installation: a tenant may make {@code invitations-per-hour} of them in
     * any hour, so that no tenant can use Chronohook to flood mailboxes (and its mail server's reputation).
     */
    private Mono<Void> underHourlyLimit(TenantId tenantId) {
        Instant now = clock.instant();
        return invitations.recent(tenantId, now.minus(LIMIT_WINDOW)).flatMap(recent -> {
            if (recent.made() < properties.invitationsPerHour()) {
                return Mono.empty();
            }
            // In whole seconds of the clock, so that the stored time's rounding to microseconds cannot move it.
            long wait = Math.max(1, recent.oldest().plus(LIMIT_WINDOW).getEpochSecond() - now.getEpochSecond() + 1);
            return Mono.error(ApiException.tooManyRequests("too_many_invitations", "this tenant made "
                    + recent.made() + " invitations in the last hour, its limit; try again in " + wait + " s", wait));
        });
    }

    public Mono<Void> revoke(Caller caller, InvitationId id) {
        TenantId tenantId = caller.tenantId();
        return invitations.find(tenantId, id)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("invitation " + id)))
                .flatMap(invitation -> {
                    TeamRules.mayChange(caller, null, invitation.role());
                    return invitations.revoke(tenantId, id, clock.instant())
                            .flatMap(revoked -> revoked
                                    ? audit.record(tenantId, AuditEntry.by(caller, "invitation.revoked",
                                            "invitation", id.toString(), Map.of("email", invitation.email(),
                                                    "role", invitation.role().wire())))
                                    : Mono.error(new ApiException(HttpStatus.CONFLICT, "invitation_not_open",
                                            "the invitation was already accepted or revoked")));
                })
                .as(tx::transactional);
    }

    /** Accepts a pending invitation: the member is created in the inviting tenant and the token works no more. */
    public Mono<Member> accept(String token, String password) {
        if (!InvitationToken.wellFormed(token)) {
            return Mono.error(unknownInvitation());
        }
        return passwords.hash(password).flatMap(hash -> invitations.lockByToken(InvitationToken.hash(token))
                        .switchIfEmpty(Mono.error(TeamService::unknownInvitation))
                        .flatMap(invitation -> {
                            Instant now = clock.instant();
                            refuseUnlessPending(invitation.state(now));
                            Member member = new Member(new MemberId(Uuid7.next(clock)), invitation.tenantId(),
                                    invitation.email(), hash, invitation.role());
                            return members.emailTaken(invitation.email())
                                    .flatMap(taken -> taken ? Mono.error(emailTaken()) : members.insert(member, now))
                                    .then(invitations.accept(invitation.id(), member.id(), now))
                                    .then(audit.record(invitation.tenantId(), AuditEntry.Actor
                                            .member(member.id().toString()).entry("invitation.accepted",
                                                    "invitation", invitation.id().toString(), Map.of(
                                                            "email", invitation.email(),
                                                            "role", invitation.role().wire(),
                                                            "invitedBy", invitation.invitedBy()))))
                                    .thenReturn(member);
                        })
                        .as(tx::transactional))
                .onErrorMap(DuplicateKeyException.class, duplicate -> emailTaken());
    }

    /** Changes a member's role; it counts from the member's next request. */
    public Mono<MemberStore.Listed> changeRole(Caller caller, MemberId id, MemberRole role) {
        TenantId tenantId = caller.tenantId();
        return members.lockOwners(tenantId)
                .flatMap(owners -> members.findListed(tenantId, id)
                        .switchIfEmpty(Mono.error(() -> ApiException.notFound("member " + id)))
                        .flatMap(listed -> {
                            Member member = listed.member();
                            TeamRules.mayChange(caller, member.role(), role);
                            if (member.role() == role) {
                                return Mono.just(listed);
                            }
                            TeamRules.keepsAnOwner(member.role(), role, owners);
                            return members.setRole(tenantId, id, member.role(), role)
                                    .flatMap(changed -> changed ? Mono.just(changed) : Mono.error(changedMeanwhile()))
                                    .then(audit.record(tenantId, AuditEntry.by(caller, "member.role_changed",
                                            "member", id.toString(), Map.of("email", member.email(),
                                                    "from", member.role().wire(), "to", role.wire()))))
                                    .thenReturn(new MemberStore.Listed(new Member(member.id(), member.tenantId(),
                                            member.email(), member.passwordHash(), role), listed.createdAt()));
                        }))
                .as(tx::transactional);
    }

    /** Removes a member; the member's access tokens and dashboard session are refused from the next request. */
    public Mono<Void> remove(Caller caller, MemberId id) {
        TenantId tenantId = caller.tenantId();
        return members.lockOwners(tenantId)
                .flatMap(owners -> members.find(tenantId, id)
                        .switchIfEmpty(Mono.error(() -> ApiException.notFound("member " + id)))
                        .flatMap(member -> {
                            TeamRules.mayChange(caller, member.role(), null);
                            TeamRules.keepsAnOwner(member.role(), null, owners);
                            return members.delete(tenantId, id, member.role())
                                    .flatMap(gone -> gone ? Mono.just(gone) : Mono.error(changedMeanwhile()))
                                    .then(audit.record(tenantId, AuditEntry.by(caller, "member.removed", "member",
                                            id.toString(), Map.of("email", member.email(),
                                                    "role", member.role().wire()))));
                        }))
                .as(tx::transactional);
    }

    private static void refuseUnlessPending(InvitationState state) {
        switch (state) {
            case PENDING -> {
            }
            case EXPIRED -> throw new ApiException(HttpStatus.GONE, "invitation_expired",
                    "this invitation has expired; ask for a new one");
            case ACCEPTED -> throw new ApiException(HttpStatus.GONE, "invitation_used",
                    "this invitation was already accepted; sign in instead");
            case REVOKED -> throw new ApiException(HttpStatus.GONE, "invitation_revoked",
                    "this invitation was revoked or replaced by a newer one");
        }
    }

    private Mono<String> inviterName(Caller caller) {
        if (caller.kind() != Caller.Kind.MEMBER) {
            return Mono.just("An administrator");
        }
        return Mono.justOrEmpty(MemberId.parse(caller.id()))
                .flatMap(id -> members.find(caller.tenantId(), id))
                .map(Member::email)
                .defaultIfEmpty("An administrator");
    }

    private static String subject(Tenant tenant) {
        return "You are invited to join " + tenant.name() + " on Chronohook";
    }

    private static String body(Tenant tenant, String inviter, Invitation invitation, String link) {
        return """
                %s invited you to join the team "%s" on Chronohook as %s.

                Accept the invitation and choose your password here:
                %s

                The link works once and expires at %s.
                If you did not expect this invitation, ignore this mail.
                """.formatted(inviter, tenant.name(), invitation.role().wire(), link,
                MAIL_TIME.format(invitation.expiresAt()));
    }

    private static ApiException unknownInvitation() {
        return new ApiException(HttpStatus.NOT_FOUND, "invitation_not_found",
                "no invitation has this link; check it was copied whole, or ask for a new invitation");
    }

    private static ApiException emailTaken() {
        return new ApiException(HttpStatus.CONFLICT, "email_taken",
                "this email already belongs to a member of a tenant; a person signs in to one tenant with one email");
    }

    private static ApiException changedMeanwhile() {
        return new ApiException(HttpStatus.CONFLICT, "member_changed",
                "the member was changed or removed meanwhile; reload and try again");
    }
}
