package io.chronohook.billing.quota;

import io.chronohook.billing.tenant.TenantId;
import java.time.Duration;
import java.time.YearMonth;
import java.util.List;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.LongCodec;
import reactor.core.publisher.Mono;

/**
 * A tenant's executions in a billing period, counted in Redis so that every instance draws on the same monthly
 * quota with one atomic call per tenant per batch. The durable truth stays in Postgres: a missing counter is seeded
 * from it, and a counter lives {@link #RESEED_AFTER} at most, so whatever drift a crash leaves is corrected.
 */
public class ExecutionLedger {

    /** How long a seeded counter is trusted before it is read again from the durable rows. */
    public static final Duration RESEED_AFTER = Duration.ofMinutes(5);

    /** Takes up to ARGV[1] executions under the limit ARGV[2]; -1 when the counter must be seeded first. */
    private static final String TAKE = """
            local used = redis.call('GET', KEYS[1])
            if not used then return -1 end
            local n = math.max(0, math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - tonumber(used)))
            if n > 0 then redis.call('INCRBY', KEYS[1], n) end
            return n
            """;

    private final RedissonClient redis;

    public ExecutionLedger(RedissonClient redis) {
        this.redis = redis;
    }

    /**
     * Takes up to {@code wanted} executions of the tenant's {@code limit} for {@code period}; emits how many it took.
     * When no instance counted this period lately, {@code used} (the executions the durable rows show) seeds it.
     */
    public Mono<Long> take(TenantId tenant, YearMonth period, long wanted, long limit, Mono<Long> used) {
        String key = key(tenant, period);
        return eval(TAKE, key, wanted, limit).flatMap(taken -> taken >= 0 ? Mono.just(taken)
                : used.flatMap(count -> Mono.fromCompletionStage(() -> redis.<Long>getBucket(key, LongCodec.INSTANCE)
                                .setIfAbsentAsync(count, RESEED_AFTER)))
                        .then(eval(TAKE, key, wanted, limit)));
    }

    private Mono<Long> eval(String script, String key, Object... args) {
        return Mono.fromCompletionStage(() -> redis.getScript(LongCodec.INSTANCE).<Long>evalAsync(key,
                RScript.Mode.READ_WRITE, script, RScript.ReturnType.LONG, List.of(key), args));
    }

    private static String key(TenantId tenant, YearMonth period) {
        return "chronohook:executions:{" + tenant.value() + "}:" + period;
    }
}
