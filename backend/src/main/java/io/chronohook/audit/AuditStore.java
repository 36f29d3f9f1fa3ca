package io.chronohook.audit;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.PrefixedIds;
import io.chronohook.platform.Uuid7;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Appends and pages audit events, always within one tenant. */
@Repository
public class AuditStore {

    static final String ID_PREFIX = "aud_";
    private static final TypeReference<Map<String, Object>> DETAILS = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final Clock clock;
    private final JsonMapper json;

    public AuditStore(DatabaseClient db, Clock clock, JsonMapper json) {
        this.db = db;
        this.clock = clock;
        this.json = json;
    }

    /** Records one event; called inside the transaction of the change it describes. */
    public Mono<Void> record(TenantId tenantId, AuditEntry entry) {
        DatabaseClient.GenericExecuteSpec spec = db.sql(AuditSql.INSERT)
                .bind("id", Uuid7.next(clock))
                .bind("tenantId", tenantId.value())
                .bind("at", OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC))
                .bind("actorType", entry.actor().type())
                .bind("action", entry.action())
                .bind("targetType", entry.targetType())
                .bind("details", Json.of(json.writeValueAsString(entry.details())));
        spec = entry.actor().id() == null ? spec.bindNull("actorId", String.class) : spec.bind("actorId", entry.actor().id());
        spec = entry.targetId() == null ? spec.bindNull("targetId", String.class) : spec.bind("targetId", entry.targetId());
        return spec.then();
    }

    /** Deletes up to {@code limit} events recorded before {@code before}; returns how many. */
    public Mono<Long> purge(Instant before, int limit) {
        return db.sql(AuditSql.PURGE).bind("before", Uuid7.floor(before)).bind("limit", limit).fetch().rowsUpdated();
    }

    public Mono<Page<AuditEvent>> list(TenantId tenantId, PageRequest page) {
        return page.query(db, AuditSql.LIST_FIRST, AuditSql.LIST_AFTER)
                .bind("tenantId", tenantId.value())
                .map(this::toRow)
                .all()
                .collectList()
                .map(rows -> page.page(rows, Row::id, Row::event));
    }

    private record Row(UUID id, AuditEvent event) {
    }

    private Row toRow(Readable row) {
        UUID id = row.get("id", UUID.class);
        Map<String, Object> details = json.readValue(row.get("details", Json.class).asString(), DETAILS);
        return new Row(id, new AuditEvent(
                PrefixedIds.format(ID_PREFIX, id),
                row.get("occurred_at", OffsetDateTime.class).toInstant(),
                new AuditEvent.Actor(row.get("actor_type", String.class), row.get("actor_id", String.class),
                        row.get("actor_email", String.class), row.get("actor_name", String.class)),
                row.get("action", String.class),
                new AuditEvent.Target(row.get("target_type", String.class), row.get("target_id", String.class)),
                details));
    }
}
