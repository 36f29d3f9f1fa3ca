package io.chronohook.flow;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.history.OpenRunsFloor;
import io.chronohook.history.RunIdBounds;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * How a tenant's limits are doing now: requests in flight per limited host or key (its slots in Redis), and runs
 * waiting for capacity per host or key (in Postgres).
 */
@Component
public class FlowStatus {

    /** Runs waiting for capacity, per host or key: open runs, so between the open runs' floor and the runs' ceiling. */
    static final String WAITING = """
            select deferred_host, count(*) as waiting
              from run
             where tenant_id = :tenantId and state = 'retry_wait' and deferred_reason = 'waiting_for_capacity'
               and id >= :openFloor and id < :runCeiling
             group by deferred_host
            """;

    private final DatabaseClient db;
    private final FlowSlots slots;
    private final OpenRunsFloor openRuns;
    private final RunIdBounds runIds;
    private final Clock clock;

    public FlowStatus(DatabaseClient db, FlowSlots slots, OpenRunsFloor openRuns, RunIdBounds runIds, Clock clock) {
        this.db = db;
        this.slots = slots;
        this.openRuns = openRuns;
        this.runIds = runIds;
        this.clock = clock;
    }

    /** In flight now and waiting, of one host or key. */
    public record Load(long inFlight, long waiting) {
    }

    /** Runs waiting per limit: a host, or {@code key:<key>}. */
    public Mono<Map<String, Long>> waiting(TenantId tenantId) {
        return db.sql(WAITING).bind("tenantId", tenantId.value())
                .bind("openFloor", openRuns.floor()).bind("runCeiling", runIds.ceiling())
                .map(row -> Map.entry(row.get("deferred_host", String.class), row.get("waiting", Long.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /** The load of each of {@code hosts}. */
    public Mono<Map<String, Load>> hosts(TenantId tenantId, List<String> hosts) {
        return load(tenantId, hosts, hosts.stream().map(host -> FlowSlots.hostSet(tenantId, host)).toList(),
                hosts);
    }

    /** The load of each of {@code keys}. */
    public Mono<Map<String, Load>> keys(TenantId tenantId, List<String> keys) {
        return load(tenantId, keys, keys.stream().map(key -> FlowSlots.keySet(tenantId, key)).toList(),
                keys.stream().map(key -> "key:" + key).toList());
    }

    private Mono<Map<String, Load>> load(TenantId tenantId, List<String> names, List<String> sets,
                                         List<String> waitingNames) {
        if (names.isEmpty()) {
            return Mono.just(Map.of());
        }
        return slots.inFlight(sets, clock.instant()).onErrorReturn(names.stream().map(name -> 0L).toList())
                .zipWith(waiting(tenantId))
                .map(both -> {
                    Map<String, Load> loads = new HashMap<>();
                    for (int i = 0; i < names.size(); i++) {
                        loads.put(names.get(i), new Load(both.getT1().get(i),
                                both.getT2().getOrDefault(waitingNames.get(i), 0L)));
                    }
                    return loads;
                });
    }
}
