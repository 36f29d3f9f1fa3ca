package io.chronohook.access;

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

/** Stores members; emails are unique across the installation because sign-in starts from the email alone. */
@Repository
public class MemberStore {

    private final DatabaseClient db;

    public MemberStore(DatabaseClient db) {
        this.db = db;
    }

    public Mono<Void> insert(Member member, Instant createdAt) {
        return db.sql(MemberSql.INSERT)
                .bind("id", member.id().value())
                .bind("tenantId", member.tenantId().value())
                .bind("email", member.email())
                .bind("passwordHash", member.passwordHash())
                .bind("role", member.role().wire())
                .bind("createdAt", Rows.utc(createdAt))
                .then();
    }

    public Mono<Member> findByEmail(String email) {
        return db.sql(MemberSql.FIND_BY_EMAIL).bind("email", email).map(MemberStore::toMember).one();
    }

    public Mono<Member> find(TenantId tenantId, MemberId id) {
        return db.sql(MemberSql.FIND)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .map(MemberStore::toMember)
                .one();
    }

    /** The member and when it joined. */
    public Mono<Listed> findListed(TenantId tenantId, MemberId id) {
        return db.sql(MemberSql.FIND)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .map(row -> new Listed(toMember(row), Rows.instant(row, "created_at")))
                .one();
    }

    public Mono<Boolean> emailTaken(String email) {
        return db.sql(MemberSql.EXISTS_EMAIL).bind("email", email).map(row -> true).one().defaultIfEmpty(false);
    }

    /** A listed member and when it joined. */
    public record Listed(Member member, Instant createdAt) {
    }

    public Mono<Page<Listed>> list(TenantId tenantId, PageRequest page) {
        return page.query(db, MemberSql.LIST_FIRST, MemberSql.LIST_AFTER)
                .bind("tenantId", tenantId.value())
                .map(row -> new Listed(toMember(row), Rows.instant(row, "created_at")))
                .all()
                .collectList()
                .map(rows -> page.page(rows, listed -> listed.member().id().value(), listed -> listed));
    }

    /** How many owners the tenant has, their rows locked until the transaction ends; call inside one. */
    public Mono<Long> lockOwners(TenantId tenantId) {
        return db.sql(MemberSql.LOCK_OWNERS).bind("tenantId", tenantId.value()).map(row -> 1).all().count();
    }

    /** True when the member still had role {@code expected} and now has {@code role}. */
    public Mono<Boolean> setRole(TenantId tenantId, MemberId id, MemberRole expected, MemberRole role) {
        return db.sql(MemberSql.SET_ROLE)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .bind("expected", expected.wire())
                .bind("role", role.wire())
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    /** True when the member, still of role {@code expected}, was removed. */
    public Mono<Boolean> delete(TenantId tenantId, MemberId id, MemberRole expected) {
        return db.sql(MemberSql.DELETE)
                .bind("tenantId", tenantId.value())
                .bind("id", id.value())
                .bind("expected", expected.wire())
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    private static Member toMember(Readable row) {
        return new Member(
                new MemberId(row.get("id", UUID.class)),
                new TenantId(row.get("tenant_id", UUID.class)),
                row.get("email", String.class),
                row.get("password_hash", String.class),
                MemberRole.fromWire(row.get("role", String.class)));
    }
}
