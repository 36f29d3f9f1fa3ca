package io.chronohook.team;

import static io.chronohook.platform.Rows.utc;

import io.chronohook.access.MemberId;
import io.chronohook.access.MemberRole;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Rows;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Stores invitations, always within one tenant except for the look-up by token. */
@Repository
public class InvitationStore {

    private final DatabaseClient db;

    public InvitationStore(DatabaseClient db) {
        this.db = db;
    }

    /** Inserts the invitation after revoking the open ones to the same email; call inside a transaction. */
    public Mono<Void> insertReplacingOpen(Invitation invitation, byte[] tokenHash) {
        return db.sql(InvitationSql.REVOKE_OPEN_FOR_EMAIL)
                .bind("tenantId", invitation.tenantId().value())
                .bind("email", invitation.email())
                .bind("now", utc(invitation.createdAt()))
                .then()
                .then(db.sql(InvitationSql.INSERT)
                        .bind("id", invitation.id().value())
                        .bind("tenantId", invitation.tenantId().value())
                        .bind("email", invitation.email())
                        .bind("role", invitation.role().wire())
                        .bind("tokenHash", tokenHash)
                        .bind("invitedBy", invitation.invitedBy())
                        .bind("createdAt", utc(invitation.createdAt()))
                        .bind("expiresAt", utc(invitation.expiresAt()))
                        .then());
    }

    /** Invitations the tenant made since {@code since}, and when the oldest of them was made (null when none). */
    public record Recent(long made, Instant oldest) {
    }

    public Mono<Recent> recent(TenantId tenantId, Instant since) {
        return db.sql(InvitationSql.RECENT)
                .bind("tenantId", tenantId.value())
                .bind("since", utc(since))
                .map(row -> new Recent(row.get("made", Long.class), Rows.instant(row, "oldest")))
                .one();
    }

    /** Forgets up to {@code batch} invitations that expired before {@code before}; returns how many. */
    public Mono<Long> purge(Instant before, int batch) {
        return db.sql(InvitationSql.PURGE).bind("before", utc(before)).bind("batch", batch).fetch().rowsUpdated();
    }

    public Mono<Page<Invitation>> listOpen(TenantId tenantId, PageRequest page) {
        return page.query(db, InvitationSql.LIST_FIRST, InvitationSql.LIST_AFTER)
                .bind("tenantId", tenantId.value())
                .map(InvitationStore::toInvitation)
                .all()
                .collectList()
                .map(rows -> page.page(rows, invitation -> invitation.id().value(), invitation -> invitation));
    }

    public Mono<Invitation> find(TenantId tenantId, InvitationId id) {
        return db.sql(InvitationSql.FIND)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .map(InvitationStore::toInvitation)
                .one();
    }

    /** The invitation a token belongs to, locked until the transaction ends; call inside one. */
    public Mono<Invitation> lockByToken(byte[] tokenHash) {
        return db.sql(InvitationSql.FIND_BY_TOKEN_FOR_UPDATE)
                .bind("tokenHash", tokenHash)
                .map(InvitationStore::toInvitation)
                .one();
    }

    /** True when the invitation was open and is now revoked. */
    public Mono<Boolean> revoke(TenantId tenantId, InvitationId id, Instant now) {
        return db.sql(InvitationSql.REVOKE)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .bind("now", utc(now))
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    /** True when the invitation was pending and is now accepted by {@code memberId}. */
    public Mono<Boolean> accept(InvitationId id, MemberId memberId, Instant now) {
        return db.sql(InvitationSql.ACCEPT)
                .bind("id", id.value())
                .bind("memberId", memberId.value())
                .bind("now", utc(now))
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    private static Invitation toInvitation(Readable row) {
        return new Invitation(
                new InvitationId(row.get("id", UUID.class)),
                new TenantId(row.get("tenant_id", UUID.class)),
                row.get("email", String.class),
                MemberRole.fromWire(row.get("role", String.class)),
                row.get("invited_by", String.class),
                Rows.instant(row, "created_at"),
                Rows.instant(row, "expires_at"),
                Rows.instant(row, "accepted_at"),
                Rows.instant(row, "revoked_at"));
    }
}
