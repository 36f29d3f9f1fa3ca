package io.chronohook.flow;

import io.chronohook.billing.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Requests in flight per host or key, counted in Redis so that every instance sees the same count: one sorted set per
 * limited host or key, a member per request in flight scored by when its lease runs out. The instance that holds a
 * slot renews its lease while the request lasts; a slot of an instance that died is given back when its lease runs
 * out ({@link #LEASE}). Taking the slots of all of a run's limits is one atomic script: all or none.
 */
@Component
public class FlowSlots {

    /** How long a slot is held without renewal: an instance killed mid-request gives its slots back within this. */
    static final Duration LEASE = Duration.ofSeconds(12);

    /** Checks every limit, then takes a slot of each; returns 0, or the 1-based index of the first full limit. */
    private static final String ACQUIRE = """
            for i, key in ipairs(KEYS) do
              redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
              if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
            end
            for _, key in ipairs(KEYS) do
              redis.call('ZADD', key, ARGV[2], ARGV[3])
              redis.call('PEXPIRE', key, tonumber(ARGV[2]) - tonumber(ARGV[1]) + 60000)
            end
            return 0
            """;

    private final RedissonClient redis;
    /** The slots this instance holds: member → the sets it is in. */
    private final Map<String, List<String>> held = new ConcurrentHashMap<>();

    public FlowSlots(RedissonClient redis) {
        this.redis = redis;
    }

    /** One limit on requests in flight: its set, and how many it allows at once. */
    public record Limit(String set, int max) {
    }

    /** The set counting a tenant's requests to {@code host} (one hash tag per tenant: one script, one slot). */
    public static String hostSet(TenantId tenantId, String host) {
        return "chronohook:flow:{" + tenantId.value() + "}:host:" + host;
    }

    /** The set counting a tenant's requests of runs with flow key {@code key}. */
    public static String keySet(TenantId tenantId, String key) {
        return "chronohook:flow:{" + tenantId.value() + "}:key:" + key;
    }

    /** What an acquire gave: the slot (member) when every limit had room, else the limit that was full. */
    public record Acquired(String member, List<Limit> limits, Limit full) {

        public boolean granted() {
            return full == null;
        }
    }

    /** Takes a slot of every limit at once, or none; {@code limits} share one tenant's hash tag. */
    public Mono<Acquired> acquire(List<Limit> limits, Instant now) {
        String member = UUID.randomUUID().toString();
        List<Object> keys = new ArrayList<>(limits.size());
        List<Object> args = new ArrayList<>(limits.size() + 3);
        args.add(Long.toString(now.toEpochMilli()));
        args.add(Long.toString(now.plus(LEASE).toEpochMilli()));
        args.add(member);
        for (Limit limit : limits) {
            keys.add(limit.set());
            args.add(Integer.toString(limit.max()));
        }
        return Mono.fromCompletionStage(() -> redis.getScript(StringCodec.INSTANCE).<Long>evalAsync(
                        limits.getFirst().set(), RScript.Mode.READ_WRITE, ACQUIRE, RScript.ReturnType.LONG, keys,
                        args.toArray()))
                .map(full -> {
                    if (full == 0) {
                        held.put(member, limits.stream().map(Limit::set).toList());
                        return new Acquired(member, limits, null);
                    }
                    return new Acquired(null, limits, limits.get(full.intValue() - 1));
                });
    }

    /** Gives a slot back (its request ended). */
    public Mono<Void> release(String member) {
        List<String> sets = held.remove(member);
        if (sets == null) {
            return Mono.empty();
        }
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        sets.forEach(set -> batch.getScoredSortedSet(set, StringCodec.INSTANCE).removeAsync(member));
        return Mono.fromCompletionStage(batch::executeAsync).then();
    }

    /** Renews the leases of every slot this instance holds; returns how many. */
    public Mono<Integer> renew(Instant now) {
        if (held.isEmpty()) {
            return Mono.just(0);
        }
        double until = now.plus(LEASE).toEpochMilli();
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        int[] count = {0};
        held.forEach((member, sets) -> {
            count[0]++;
            sets.forEach(set -> batch.getScoredSortedSet(set, StringCodec.INSTANCE).addIfExistsAsync(until, member));
        });
        return Mono.fromCompletionStage(batch::executeAsync).thenReturn(count[0]);
    }

    /** Requests in flight now in each of {@code sets} (leases not run out). */
    public Mono<List<Long>> inFlight(List<String> sets, Instant now) {
        if (sets.isEmpty()) {
            return Mono.just(List.of());
        }
        RBatch batch = redis.createBatch(BatchOptions.defaults());
        sets.forEach(set -> batch.getScoredSortedSet(set, StringCodec.INSTANCE)
                .countAsync(now.toEpochMilli(), false, Double.POSITIVE_INFINITY, true));
        return Mono.fromCompletionStage(batch::executeAsync)
                .map(result -> result.getResponses().stream().map(n -> ((Number) n).longValue()).toList());
    }

    /** How many slots this instance holds. */
    int held() {
        return held.size();
    }
}
