package io.chronohook.flow;

import static io.chronohook.platform.Rows.instant;
import static io.chronohook.platform.Rows.utc;

import io.chronohook.billing.tenant.TenantId;
import io.r2dbc.spi.Readable;
import java.time.Duration;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reads and writes a tenant's flow keys and endpoint limits. */
@Repository
public class FlowStore {

    private final DatabaseClient db;

    public FlowStore(DatabaseClient db) {
        this.db = db;
    }

    public Mono<FlowKeySettings> saveKey(TenantId tenantId, FlowKeySettings settings, Instant now) {
        return bindLimits(db.sql(FlowSql.SAVE_KEY), settings.limits())
                .bind("tenantId", tenantId.value()).bind("key", settings.key()).bind("weight", settings.weight())
                .bind("now", utc(now))
                .map(FlowStore::toKey).one();
    }

    public Mono<FlowKeySettings> findKey(TenantId tenantId, String key) {
        return db.sql(FlowSql.FIND_KEY).bind("tenantId", tenantId.value()).bind("key", key)
                .map(FlowStore::toKey).one();
    }

    public Flux<FlowKeySettings> keys(TenantId tenantId) {
        return db.sql(FlowSql.LIST_KEYS).bind("tenantId", tenantId.value()).map(FlowStore::toKey).all();
    }

    /** True when there were settings to delete. */
    public Mono<Boolean> deleteKey(TenantId tenantId, String key) {
        return db.sql(FlowSql.DELETE_KEY).bind("tenantId", tenantId.value()).bind("key", key)
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    public Mono<EndpointLimits> saveEndpoint(TenantId tenantId, EndpointLimits limits, Instant now) {
        return bindLimits(db.sql(FlowSql.SAVE_ENDPOINT), limits.limits())
                .bind("tenantId", tenantId.value()).bind("host", limits.host()).bind("now", utc(now))
                .map(FlowStore::toEndpoint).one();
    }

    public Mono<EndpointLimits> findEndpoint(TenantId tenantId, String host) {
        return db.sql(FlowSql.FIND_ENDPOINT).bind("tenantId", tenantId.value()).bind("host", host)
                .map(FlowStore::toEndpoint).one();
    }

    public Flux<EndpointLimits> endpoints(TenantId tenantId) {
        return db.sql(FlowSql.LIST_ENDPOINTS).bind("tenantId", tenantId.value()).map(FlowStore::toEndpoint).all();
    }

    /** True when there were limits to delete. */
    public Mono<Boolean> deleteEndpoint(TenantId tenantId, String host) {
        return db.sql(FlowSql.DELETE_ENDPOINT).bind("tenantId", tenantId.value()).bind("host", host)
                .fetch().rowsUpdated().map(count -> count > 0);
    }

    private static DatabaseClient.GenericExecuteSpec bindLimits(DatabaseClient.GenericExecuteSpec spec,
                                                               FlowLimits limits) {
        Rate rate = limits.rate();
        spec = limits.maxInFlight() == null ? spec.bindNull("maxInFlight", Integer.class)
                : spec.bind("maxInFlight", limits.maxInFlight());
        if (rate == null) {
            return spec.bindNull("rateLimit", Integer.class).bindNull("ratePeriodMs", Long.class)
                    .bindNull("rateBurst", Integer.class);
        }
        return spec.bind("rateLimit", rate.limit()).bind("ratePeriodMs", rate.period().toMillis())
                .bind("rateBurst", rate.burst());
    }

    private static FlowLimits toLimits(Readable row) {
        Integer rateLimit = row.get("rate_limit", Integer.class);
        return new FlowLimits(row.get("max_in_flight", Integer.class), rateLimit == null ? null
                : new Rate(rateLimit, Duration.ofMillis(row.get("rate_period_ms", Long.class)),
                        row.get("rate_burst", Integer.class)));
    }

    private static FlowKeySettings toKey(Readable row) {
        return new FlowKeySettings(row.get("key", String.class), row.get("weight", Integer.class), toLimits(row),
                instant(row, "updated_at"));
    }

    private static EndpointLimits toEndpoint(Readable row) {
        return new EndpointLimits(row.get("host", String.class), toLimits(row), instant(row, "updated_at"));
    }
}
