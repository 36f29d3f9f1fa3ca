package io.chronohook.billing.quota;

import io.chronohook.billing.tenant.TenantId;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.Optimization;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.redis.redisson.Bucket4jRedisson;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import reactor.core.publisher.Mono;

/**
 * Token buckets per tenant and purpose (API requests, dispatches), kept in Redis through Bucket4j so every instance
 * draws from the same bucket. A bucket refills {@code ratePerSecond} tokens a second, greedily, up to {@code burst}.
 * The rate is part of the key, so a plan change starts a bucket at the new rate.
 */
public class TenantBuckets {

    /** Past this many kept proxies (tenants × purposes × rates) they are all let go and made again as needed. */
    private static final int SHARED_KEPT = 100_000;

    private final AsyncProxyManager<String> buckets;
    private final Map<String, AsyncBucketProxy> shared = new ConcurrentHashMap<>();
    private final Duration unsettled;

    /**
     * Buckets in the Redis of {@code redisson}; the proxies this instance keeps answer takes from their own copy of a
     * bucket for up to {@code unsettled} and a rate's worth of that long before they settle with Redis
     * ({@link Duration#ZERO}: every take goes to Redis).
     */
    public TenantBuckets(RedissonClient redisson, Duration unsettled) {
        if (unsettled.isNegative()) {
            throw new IllegalArgumentException("unsettled must not be negative");
        }
        this.unsettled = unsettled;
        this.buckets = Bucket4jRedisson.casBasedBuilder(((Redisson) redisson).getCommandExecutor())
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                        Duration.ofSeconds(10)))
                .build()
                .asAsync();
    }

    /** The answer of a bucket: whether the tokens were taken, what is left, and when enough will be back. */
    public record Take(boolean taken, long remaining, Duration retryAfter) {
    }

    /**
     * Takes {@code tokens} from the tenant's bucket for {@code purpose}, or says how long to wait for them, answered
     * from this instance's copy of the bucket between its settles with Redis (see {@link #shared}).
     */
    public Mono<Take> take(String purpose, TenantId tenantId, int ratePerSecond, int burst, long tokens) {
        return Mono.fromFuture(() -> shared(purpose, tenantId, ratePerSecond, burst).tryConsumeAndReturnRemaining(tokens))
                .map(probe -> new Take(probe.isConsumed(), probe.getRemainingTokens(),
                        Duration.ofNanos(probe.getNanosToWaitForRefill())));
    }

    /** Takes as many of {@code wanted} tokens as the bucket holds, in one call; emits how many it took. */
    public Mono<Long> takeUpTo(String purpose, TenantId tenantId, int ratePerSecond, int burst, long wanted) {
        return Mono.fromFuture(() -> bucket(purpose, tenantId, ratePerSecond, burst).tryConsumeAsMuchAsPossible(wanted));
    }

    /**
     * Takes {@code tokens} from the tenant's bucket named {@code name} for {@code purpose}, refilling {@code limit}
     * tokens per {@code period} up to {@code burst}, or says how long to wait for them.
     */
    public Mono<Take> take(String purpose, TenantId tenantId, String name, int limit, Duration period, int burst,
                           long tokens) {
        String key = "chronohook:bucket:" + purpose + ":{" + tenantId.value() + "}:" + name + ":" + limit + "/"
                + period.toMillis() + "/" + burst;
        BucketConfiguration configuration = BucketConfiguration.builder()
                .addLimit(bandwidth -> bandwidth.capacity(burst).refillGreedy(limit, period))
                .build();
        return Mono.fromFuture(() -> buckets.builder().build(key, configuration).tryConsumeAndReturnRemaining(tokens))
                .map(probe -> new Take(probe.isConsumed(), probe.getRemainingTokens(),
                        Duration.ofNanos(probe.getNanosToWaitForRefill())));
    }

    /**
     * The bucket as a proxy this instance keeps. It answers takes from its own copy of the bucket, and settles with
     * Redis — hands over what it took and reads the bucket back, in one compare-and-set — once it would have taken
     * more than {@code ratePerSecond × unsettled} tokens unsettled, or {@code unsettled} has passed since it last
     * settled (Bucket4j's delaying optimization; its takes are serialised, so those waiting on a settle reach Redis
     * together). On one instance the bucket is exact. On several, each runs ahead of the shared bucket by at most
     * its unsettled share: what it took is then owed by the bucket (the shared count goes below zero) and paid back
     * by the refill before anyone is granted more. A share below one token settles every take, as does a zero
     * {@code unsettled}; takes in flight at the same moment still reach Redis together.
     */
    private AsyncBucketProxy shared(String purpose, TenantId tenantId, int ratePerSecond, int burst) {
        String key = key(purpose, tenantId, ratePerSecond, burst);
        AsyncBucketProxy bucket = shared.get(key);
        if (bucket != null) {
            return bucket;
        }
        if (shared.size() >= SHARED_KEPT) {
            // The state is in Redis: a proxy made again later reads the bucket back from there. Takes a dropped
            // proxy had not yet settled (at most its share each) are not handed over: they are forgiven.
            shared.clear();
        }
        long share = ratePerSecond * unsettled.toNanos() / 1_000_000_000L;
        Optimization settling = share < 1 ? Optimizations.batching()
                : Optimizations.delaying(new DelayParameters(share, unsettled));
        return shared.computeIfAbsent(key, k -> buckets.builder().withOptimization(settling)
                .build(k, configuration(ratePerSecond, burst)));
    }

    private static String key(String purpose, TenantId tenantId, int ratePerSecond, int burst) {
        return "chronohook:bucket:" + purpose + ":{" + tenantId.value() + "}:" + ratePerSecond + "/" + burst;
    }

    private static BucketConfiguration configuration(int ratePerSecond, int burst) {
        return BucketConfiguration.builder()
                .addLimit(limit -> limit.capacity(burst).refillGreedy(ratePerSecond, Duration.ofSeconds(1)))
                .build();
    }

    private AsyncBucketProxy bucket(String purpose, TenantId tenantId, int ratePerSecond, int burst) {
        return buckets.builder().build(key(purpose, tenantId, ratePerSecond, burst), configuration(ratePerSecond, burst));
    }
}
