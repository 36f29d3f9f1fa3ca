package io.chronohook.billing.tenant;

import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Creates and reads tenants; used by sign-up and by every stage that needs a tenant's plan. */
@Repository
public class TenantStore {

    private final DatabaseClient db;

    public TenantStore(DatabaseClient db) {
        this.db = db;
    }

    public Mono<Tenant> create(TenantId id, String name, String planCode, Instant now) {
        OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
        return db.sql(TenantSql.INSERT)
                .bind("id", id.value())
                .bind("name", name)
                .bind("planCode", planCode)
                .bind("now", at)
                .then()
                .thenReturn(new Tenant(id, name, planCode, now, now));
    }

    public Mono<Tenant> find(TenantId id) {
        return db.sql(TenantSql.FIND).bind("id", id.value()).map(TenantStore::toTenant).one();
    }

    /** Moves the tenant to {@code planCode}; emits the previous plan's code, or nothing for an unknown tenant. */
    public Mono<String> setPlan(TenantId id, String planCode, Instant now) {
        return db.sql(TenantSql.SET_PLAN)
                .bind("id", id.value()).bind("planCode", planCode).bind("now", now.atOffset(ZoneOffset.UTC))
                .map(row -> row.get("previous", String.class))
                .one();
    }

    private static Tenant toTenant(Readable row) {
        return new Tenant(
                new TenantId(row.get("id", UUID.class)),
                row.get("name", String.class),
                row.get("plan_code", String.class),
                row.get("created_at", OffsetDateTime.class).toInstant(),
                row.get("updated_at", OffsetDateTime.class).toInstant());
    }
}
