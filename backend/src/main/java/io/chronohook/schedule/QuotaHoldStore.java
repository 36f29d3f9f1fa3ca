package io.chronohook.schedule;

import static io.chronohook.platform.Rows.utc;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.platform.Uuid7;
import io.chronohook.schedule.RunStore.GateEntry;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Runs held by the monthly execution quota: finding new executions, holding, counting and releasing. */
@Repository
public class QuotaHoldStore {

    private final DatabaseClient db;
    private final OpenRunsFloor floor;

    public QuotaHoldStore(DatabaseClient db, OpenRunsFloor floor) {
        this.db = db;
        this.floor = floor;
    }

    /** Of {@code ids}, the runs that have not left their first state (each would be a new execution). */
    public Flux<RunId> firstTime(List<RunId> ids) {
        if (ids.isEmpty()) {
            return Flux.empty();
        }
        return db.sql(QuotaHoldSql.FIRST_TIME).bind("ids", uuids(ids))
                .map(row -> new RunId(row.get("id", UUID.class))).all();
    }

    /** Holds runs as {@code quota_exceeded}; returns how many moved. */
    public Mono<Long> hold(List<RunId> ids, Instant now) {
        if (ids.isEmpty()) {
            return Mono.just(0L);
        }
        return db.sql(QuotaHoldSql.HOLD).bind("ids", uuids(ids)).bind("now", utc(now)).fetch().rowsUpdated();
    }

    /** The tenant's executions since {@code from}, recorded or reserved. */
    public Mono<Long> executionsUsed(TenantId tenantId, Instant from) {
        return floor.bound(db.sql(QuotaHoldSql.EXECUTIONS_USED)).bind("tenantId", tenantId.value())
                .bind("from", utc(from))
                .map(row -> row.get("used", Long.class)).one();
    }

    /** Tenants with runs held since {@code from} (only {@code tenantId}'s when given), with their counts. */
    public Mono<Map<TenantId, Long>> held(TenantId tenantId, Instant from) {
        var spec = db.sql(QuotaHoldSql.HELD).bind("fromId", Uuid7.floor(from)).bind("from", utc(from));
        spec = tenantId == null ? spec.bindNull("tenantId", UUID.class) : spec.bind("tenantId", tenantId.value());
        return spec.map(row -> Map.entry(new TenantId(row.get("tenant_id", UUID.class)), row.get("held", Long.class)))
                .all().collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /** Releases up to {@code limit} of the tenant's runs held since {@code from}; returns them, due now. */
    public Flux<GateEntry> release(TenantId tenantId, Instant from, long limit, Instant now) {
        return db.sql(QuotaHoldSql.RELEASE).bind("fromId", Uuid7.floor(from)).bind("tenantId", tenantId.value())
                .bind("from", utc(from))
                .bind("limit", limit).bind("now", utc(now))
                .map(GateEntry::of)
                .all();
    }

    private static UUID[] uuids(List<RunId> ids) {
        return ids.stream().map(RunId::value).toArray(UUID[]::new);
    }
}
