package io.chronohook.batcher;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.flow.FlowSettings;
import io.chronohook.timegate.TimeGate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Keeps the gate's weights of tenants' lanes up to date: a lane's weight within its tenant is its priority's (high
 * 16, normal 4, low 1) times its flow key's weight (the key's settings, else {@code _default}'s, else 1). Looked at
 * for the lanes of each take; written to the gate only when it changed (a new lane, or new settings), so a change of
 * settings applies within their few seconds' cache.
 */
@Component
public class LaneWeights {

    private static final Logger log = LoggerFactory.getLogger(LaneWeights.class);

    /** The weight of each priority (0 high, 1 normal, 2 low), as the gate's take also assumes them by default. */
    static final int[] PRIORITY = {16, 4, 1};

    private final TimeGate gate;
    private final FlowSettings settings;
    /** The weights this instance last gave the gate, by queue ({@code tenant/lane}). */
    private final Map<String, Integer> written = new ConcurrentHashMap<>();

    public LaneWeights(TimeGate gate, FlowSettings settings) {
        this.gate = gate;
        this.settings = settings;
    }

    /** The weight of a lane ({@code priority digit + key}) of a tenant whose keys weigh as {@code tenant} says. */
    static int weight(String lane, FlowSettings.Tenant tenant) {
        int level = Character.digit(lane.charAt(0), 10);
        int priority = PRIORITY[level < 0 || level > 2 ? 1 : level];
        String key = lane.substring(1);
        return priority * (key.isEmpty() ? 1 : tenant.key(key).weight());
    }

    /** Writes the weights of the taken runs' lanes that the gate does not have right; never fails the take. */
    public Mono<Void> weigh(List<TimeGate.Released> taken) {
        Map<TenantId, List<String>> lanes = new LinkedHashMap<>();
        for (TimeGate.Released run : taken) {
            if (run.lane() != null) {
                List<String> seen = lanes.computeIfAbsent(run.tenantId(), t -> new ArrayList<>());
                if (!seen.contains(run.lane())) {
                    seen.add(run.lane());
                }
            }
        }
        if (lanes.isEmpty()) {
            return Mono.empty();
        }
        Map<String, Integer> changed = new HashMap<>();
        return Flux.fromIterable(lanes.entrySet())
                .concatMap(entry -> settings.of(entry.getKey()).doOnNext(tenant -> entry.getValue().forEach(lane -> {
                    String queue = entry.getKey().value() + "/" + lane;
                    int weight = weight(lane, tenant);
                    Integer before = written.get(queue);
                    if (before == null || before != weight) {
                        changed.put(queue, weight);
                    }
                })))
                .then(Mono.defer(() -> gate.weighLanes(changed).doOnSuccess(done -> written.putAll(changed))))
                .onErrorResume(error -> {
                    log.warn("lane weights not written; the gate weighs those lanes by priority alone for now: {}",
                            error.toString());
                    return Mono.empty();
                });
    }
}
