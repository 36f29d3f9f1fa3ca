package io.chronohook.timegate;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunStore.GateEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The Redis time gate (an index over Postgres, never the truth): sharded sorted sets of run ids scored by due time,
 * released on time by an atomic script into per-tenant ready lists, from which dispatchers take fair batches.
 */
@Component
public class TimeGate {

    private final RedissonClient redis;
    private final int shards;
    private final long leadMillis;

    public TimeGate(RedissonClient redis, GateProperties properties) {
        this.redis = redis;
        this.shards = properties.shards();
        this.leadMillis = properties.lead().toMillis();
    }

    /** A run taken from a ready list, with when the gate released it and its lane (null: the default one). */
    public record Released(RunId runId, TenantId tenantId, Instant releasedAt, String lane) {

        public Released(RunId runId, TenantId tenantId, Instant releasedAt) {
            this(runId, tenantId, releasedAt, null);
        }

        /** An entry to offer this run to the gate again, due at {@code at}, in its lane. */
        public GateEntry offerAt(Instant at) {
            return new GateEntry(runId, tenantId, at, lane);
        }
    }

    public int shards() {
        return shards;
    }

    /** Offers runs to the gate in one pipelined round trip; offering a run twice only moves its due time. */
    public Mono<Void> offer(List<GateEntry> entries) {
        if (entries.isEmpty()) {
            return Mono.empty();
        }
        Map<Integer, Map<String, Double>> byShard = new HashMap<>();
        for (GateEntry entry : entries) {
            byShard.computeIfAbsent(shardOf(entry.id()), shard -> new HashMap<>())
                    .put(member(entry), (double) entry.dueAt().toEpochMilli());
        }
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        byShard.forEach((shard, members) ->
                batch.<String>getScoredSortedSet(GateKeys.gate(shard), StringCodec.INSTANCE).addAllAsync(members));
        return Mono.fromCompletionStage(batch::executeAsync).then();
    }

    /**
     * What one take gave: released runs, and the active tenants whose fair-share weight the gate does not know yet
     * (they gave nothing; {@link #weigh} them for the next take).
     */
    public record Take(List<Released> released, List<TenantId> unweighted) {
    }

    /**
     * Releases what is due in one shard (within the lead), then takes up to {@code max} released runs, weighted
     * round-robin over its tenants by the weights given to {@link #weigh} — one round trip. With {@code max} zero it
     * only releases.
     */
    public Mono<Take> releaseAndTake(int shard, Instant now, int releaseLimit, int max, int quantum) {
        Object[] args = {Long.toString(now.toEpochMilli()), Integer.toString(releaseLimit),
                GateKeys.readyPrefix(shard), Integer.toString(max), Integer.toString(quantum),
                GateKeys.lanesPrefix(shard), GateKeys.turnsPrefix(shard), releaseBy(now)};
        return Mono.fromCompletionStage(() -> redis.getScript(StringCodec.INSTANCE).<List<Object>>evalAsync(
                        GateKeys.gate(shard), RScript.Mode.READ_WRITE, GateScripts.RELEASE_AND_TAKE,
                        RScript.ReturnType.LIST,
                        List.<Object>of(GateKeys.gate(shard), GateKeys.active(shard), GateKeys.weights(shard),
                                GateKeys.laneWeights(shard), GateKeys.deficits(shard)), args))
                .map(TimeGate::parseTake);
    }

    /**
     * Releases up to {@code limit} runs due by {@code now} plus the lead in one shard into the ready lists; emits how
     * many.
     */
    public Mono<Long> release(int shard, Instant now, int limit) {
        return Mono.fromCompletionStage(() -> redis.getScript(StringCodec.INSTANCE).<Long>evalAsync(
                GateKeys.gate(shard), RScript.Mode.READ_WRITE, GateScripts.RELEASE, RScript.ReturnType.LONG,
                List.<Object>of(GateKeys.gate(shard), GateKeys.active(shard)),
                Long.toString(now.toEpochMilli()), Integer.toString(limit), GateKeys.readyPrefix(shard), "0", "0",
                GateKeys.lanesPrefix(shard), GateKeys.turnsPrefix(shard), releaseBy(now)));
    }

    /** The latest due time released at {@code now}: the gate's lead ahead (epoch ms). */
    private String releaseBy(Instant now) {
        return Long.toString(now.toEpochMilli() + leadMillis);
    }

    /** Sets tenants' fair-share weights, in every shard, in one pipelined round trip. */
    public Mono<Void> weigh(Map<TenantId, Integer> weights) {
        if (weights.isEmpty()) {
            return Mono.empty();
        }
        Map<String, String> fields = new HashMap<>();
        weights.forEach((tenant, weight) -> fields.put(tenant.value().toString(), Integer.toString(weight)));
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        for (int shard = 0; shard < shards; shard++) {
            batch.<String, String>getMap(GateKeys.weights(shard), StringCodec.INSTANCE).putAllAsync(fields);
        }
        return Mono.fromCompletionStage(batch::executeAsync).then();
    }

    /** Forgets a tenant's weight (every tenant's when {@code tenant} is null), to be looked up again at its next take. */
    public Mono<Void> forgetWeight(TenantId tenant) {
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        for (int shard = 0; shard < shards; shard++) {
            if (tenant == null) {
                batch.getMap(GateKeys.weights(shard), StringCodec.INSTANCE).deleteAsync();
            } else {
                batch.<String, String>getMap(GateKeys.weights(shard), StringCodec.INSTANCE)
                        .fastRemoveAsync(tenant.value().toString());
            }
        }
        return Mono.fromCompletionStage(batch::executeAsync).then();
    }

    /** Released runs waiting per tenant, over all shards (one call per shard). */
    public Mono<Map<TenantId, Long>> readyDepths() {
        return Flux.range(0, shards)
                .concatMap(shard -> Mono.fromCompletionStage(() -> redis.getScript(StringCodec.INSTANCE)
                        .<List<Object>>evalAsync(GateKeys.active(shard), RScript.Mode.READ_ONLY,
                                GateScripts.READY_DEPTHS, RScript.ReturnType.LIST,
                                List.<Object>of(GateKeys.active(shard)), GateKeys.readyPrefix(shard),
                                GateKeys.lanesPrefix(shard))))
                .collect(HashMap::new, (Map<TenantId, Long> depths, List<Object> pairs) -> {
                    for (int i = 0; i + 1 < pairs.size(); i += 2) {
                        depths.merge(new TenantId(UUID.fromString(pairs.get(i).toString())),
                                Long.parseLong(pairs.get(i + 1).toString()), Long::sum);
                    }
                });
    }

    /** True when the gate's epoch marker is present; false after Redis lost its data (or on first start). */
    public Mono<Boolean> epochPresent() {
        return Mono.fromCompletionStage(() -> redis.getBucket(GateKeys.EPOCH, StringCodec.INSTANCE).isExistsAsync());
    }

    /** Marks the gate as rebuilt at {@code now}. */
    public Mono<Void> markEpoch(Instant now) {
        return Mono.fromCompletionStage(() -> redis.getBucket(GateKeys.EPOCH, StringCodec.INSTANCE)
                .setAsync(now.toString())).then();
    }

    /** Runs waiting in the gate (not yet due) across all shards. */
    public Mono<Long> depth() {
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        for (int shard = 0; shard < shards; shard++) {
            batch.getScoredSortedSet(GateKeys.gate(shard), StringCodec.INSTANCE).sizeAsync();
        }
        return Mono.fromCompletionStage(batch::executeAsync)
                .map(result -> result.getResponses().stream().mapToLong(size -> ((Number) size).longValue()).sum());
    }

    int shardOf(RunId id) {
        return Math.floorMod(id.value().hashCode(), shards);
    }

    private static String member(GateEntry entry) {
        return queue(entry.tenantId(), entry.lane()) + "|" + entry.id().value();
    }

    /** A tenant's queue for a lane: the tenant's id for its default lane, else {@code tenant/lane}. */
    static String queue(TenantId tenant, String lane) {
        return lane == null ? tenant.value().toString() : tenant.value() + "/" + lane;
    }

    private static Take parseTake(List<Object> items) {
        List<Released> released = new ArrayList<>(items.size());
        List<TenantId> unweighted = new ArrayList<>();
        for (Object item : items) {
            String[] parts = item.toString().split("\\|");
            int slash = parts[0].indexOf('/');
            TenantId tenant = new TenantId(UUID.fromString(slash < 0 ? parts[0] : parts[0].substring(0, slash)));
            if (parts.length == 1) {
                unweighted.add(tenant);
            } else {
                released.add(new Released(new RunId(UUID.fromString(parts[1])), tenant,
                        Instant.ofEpochMilli(Long.parseLong(parts[2])), slash < 0 ? null : parts[0].substring(slash + 1)));
            }
        }
        return new Take(released, unweighted);
    }

    /** Sets the weights of tenants' queues within their tenants, in every shard, in one pipelined round trip. */
    public Mono<Void> weighLanes(Map<String, Integer> weights) {
        if (weights.isEmpty()) {
            return Mono.empty();
        }
        Map<String, String> fields = new HashMap<>();
        weights.forEach((queue, weight) -> fields.put(queue, Integer.toString(weight)));
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        for (int shard = 0; shard < shards; shard++) {
            batch.<String, String>getMap(GateKeys.laneWeights(shard), StringCodec.INSTANCE).putAllAsync(fields);
        }
        return Mono.fromCompletionStage(batch::executeAsync).then();
    }
}
