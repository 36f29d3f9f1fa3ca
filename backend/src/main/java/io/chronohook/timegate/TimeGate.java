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
import reactor.core.publisher.Mono;

/**
 * The Redis time gate (an index over Postgres, never the truth): sharded sorted sets of run ids scored by due time,
 * released on time by an atomic script into per-tenant ready lists, from which dispatchers take fair batches.
 */
@Component
public class TimeGate {

    private final RedissonClient redis;
    private final int shards;

    public TimeGate(RedissonClient redis, GateProperties properties) {
        this.redis = redis;
        this.shards = properties.shards();
    }

    /** A run taken from a ready list, with when the gate released it. */
    public record Released(RunId runId, TenantId tenantId, Instant releasedAt) {
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
        return Mono.fromCompletionStage(batch.executeAsync()).then();
    }

    /**
     * Releases what is due in one shard, then takes up to {@code max} released runs, weighted round-robin over its
     * tenants ({@code weights} from their plans; others weigh 1) — one round trip. With {@code max} zero it only
     * releases.
     */
    public Mono<List<Released>> releaseAndTake(int shard, Instant now, int releaseLimit, int max, int quantum,
                                               Map<TenantId, Integer> weights) {
        List<Object> args = new ArrayList<>(List.of(Long.toString(now.toEpochMilli()), Integer.toString(releaseLimit),
                GateKeys.readyPrefix(shard), Integer.toString(max), Integer.toString(quantum),
                Integer.toString(weights.size())));
        weights.forEach((tenant, weight) -> {
            args.add(tenant.value().toString());
            args.add(Integer.toString(weight));
        });
        return Mono.fromCompletionStage(redis.getScript(StringCodec.INSTANCE).<List<Object>>evalAsync(
                        GateKeys.gate(shard), RScript.Mode.READ_WRITE, GateScripts.RELEASE_AND_TAKE,
                        RScript.ReturnType.LIST, List.<Object>of(GateKeys.gate(shard), GateKeys.active(shard)),
                        args.toArray()))
                .map(TimeGate::parseReleased);
    }

    /** True when the gate's epoch marker is present; false after Redis lost its data (or on first start). */
    public Mono<Boolean> epochPresent() {
        return Mono.fromCompletionStage(redis.getBucket(GateKeys.EPOCH, StringCodec.INSTANCE).isExistsAsync());
    }

    /** Marks the gate as rebuilt at {@code now}. */
    public Mono<Void> markEpoch(Instant now) {
        return Mono.fromCompletionStage(redis.getBucket(GateKeys.EPOCH, StringCodec.INSTANCE)
                .setAsync(now.toString())).then();
    }

    /** Runs waiting in the gate (not yet due) across all shards. */
    public Mono<Long> depth() {
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        for (int shard = 0; shard < shards; shard++) {
            batch.getScoredSortedSet(GateKeys.gate(shard), StringCodec.INSTANCE).sizeAsync();
        }
        return Mono.fromCompletionStage(batch.executeAsync())
                .map(result -> result.getResponses().stream().mapToLong(size -> ((Number) size).longValue()).sum());
    }

    int shardOf(RunId id) {
        return Math.floorMod(id.value().hashCode(), shards);
    }

    private static String member(GateEntry entry) {
        return entry.tenantId().value() + "|" + entry.id().value();
    }

    private static List<Released> parseReleased(List<Object> items) {
        List<Released> released = new ArrayList<>(items.size());
        for (Object item : items) {
            String[] parts = item.toString().split("\\|");
            released.add(new Released(new RunId(UUID.fromString(parts[1])), new TenantId(UUID.fromString(parts[0])),
                    Instant.ofEpochMilli(Long.parseLong(parts[2]))));
        }
        return released;
    }
}
