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
import java.util.List;
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
        return bound(db.sql(AuditSql.INSERT), tenantId, entry).then();
    }

    /**
     * The insert that records the event once for each row of {@code source}, a {@code with} query of the statement
     * that makes the change: so that the change and its record are one statement (and commit as one without a
     * transaction of their own). Its parameters are bound by {@link #bound}; {@code tenantId} is shared.
     */
    public static String recordForEachRowOf(String source) {
        return AuditSql.insertForEachRowOf(source);
    }

    /**
     * The insert that records several events of one tenant and one action, made only if {@code condition}, a
     * {@code with} query of the statement that makes the changes, has a row: the changes and their records are one
     * statement. Its parameters are bound by {@link #boundEach}; {@code tenantId} is shared.
     */
    public static String recordEachIf(String condition) {
        return AuditSql.insertEachIf(condition);
    }

    /**
     * Binds the parameters of {@link #recordEachIf} for {@code entries}, which share their action and target type
     * (each has its own actor, target and details).
     */
    public DatabaseClient.GenericExecuteSpec boundEach(DatabaseClient.GenericExecuteSpec spec, TenantId tenantId,
                                                      List<AuditEntry> entries) {
        AuditEntry first = entries.getFirst();
        int n = entries.size();
        UUID[] ids = new UUID[n];
        String[] actorTypes = new String[n];
        String[] actorIds = new String[n];
        String[] targetIds = new String[n];
        String[] details = new String[n];
        for (int i = 0; i < n; i++) {
            AuditEntry entry = entries.get(i);
            if (!entry.action().equals(first.action()) || !entry.targetType().equals(first.targetType())) {
                throw new IllegalArgumentException("entries recorded together share their action and target type");
            }
            ids[i] = Uuid7.next(clock);
            actorTypes[i] = entry.actor().type();
            actorIds[i] = entry.actor().id();
            targetIds[i] = entry.targetId();
            details[i] = json.writeValueAsString(entry.details());
        }
        return spec.bind("tenantId", tenantId.value())
                .bind("auditAt", OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC))
                .bind("auditAction", first.action())
                .bind("auditTargetType", first.targetType())
                .bind("auditIds", ids).bind("auditActorTypes", actorTypes).bind("auditActorIds", actorIds)
                .bind("auditTargetIds", targetIds).bind("auditDetails", details);
    }

    /** Binds the event's parameters (of {@link AuditSql#INSERT} or {@link #recordForEachRowOf}) to {@code spec}. */
    public DatabaseClient.GenericExecuteSpec bound(DatabaseClient.GenericExecuteSpec spec, TenantId tenantId,
                                                  AuditEntry entry) {
        spec = spec.bind("auditId", Uuid7.next(clock))
                .bind("tenantId", tenantId.value())
                .bind("auditAt", OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC))
                .bind("auditActorType", entry.actor().type())
                .bind("auditAction", entry.action())
                .bind("auditTargetType", entry.targetType())
                .bind("auditDetails", Json.of(json.writeValueAsString(entry.details())));
        spec = entry.actor().id() == null ? spec.bindNull("auditActorId", String.class)
                : spec.bind("auditActorId", entry.actor().id());
        return entry.targetId() == null ? spec.bindNull("auditTargetId", String.class)
                : spec.bind("auditTargetId", entry.targetId());
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
