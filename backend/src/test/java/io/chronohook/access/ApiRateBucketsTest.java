package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.billing.quota.TenantBuckets;
import io.chronohook.billing.tenant.TenantId;
import io.chronohook.platform.Uuid7;
import io.chronohook.support.TcpProxy;
import io.chronohook.support.TestSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * The API's rate buckets: an instance answers from its own copy of a tenant's bucket between settles with Redis, and
 * instances sharing a bucket run ahead of it by at most their unsettled shares, which the bucket then owes.
 */
class ApiRateBucketsTest {

    private static final int DATABASE = TestSettings.redisDatabase();

    private final List<RedissonClient> clients = new ArrayList<>();
    private final TenantId tenant = new TenantId(Uuid7.next(Clock.systemUTC()));

    @AfterEach
    void shutdown() {
        clients.forEach(RedissonClient::shutdown);
    }

    @Test
    void takesWithinTheUnsettledShareAreAnsweredWithoutRedis() {
        try (TcpProxy proxy = new TcpProxy(6379)) {
            // 1 a second over 20 s unsettled: a share of 20 takes answered from this instance's copy.
            TenantBuckets buckets = new TenantBuckets(redis(proxy.port()), Duration.ofSeconds(20));
            long started = System.nanoTime();
            TenantBuckets.Take first = take(buckets);
            assertThat(first.taken()).isTrue();
            assertThat(first.remaining()).isEqualTo(99);

            proxy.cut();
            for (int i = 0; i < 20; i++) {
                TenantBuckets.Take local = buckets.take("api", tenant, 1, 100, 1).block(Duration.ofSeconds(1));
                assertThat(local.taken()).isTrue();
                assertThat(local.remaining()).isBetween(98L - i, 99L);
            }
            // The share is spent: the next take settles with Redis, which cannot be reached.
            assertThatThrownBy(() -> buckets.take("api", tenant, 1, 100, 1).block(Duration.ofSeconds(2)));

            proxy.restore();
            TenantBuckets.Take settled = buckets.take("api", tenant, 1, 100, 1).block(Duration.ofSeconds(30));
            assertThat(settled.taken()).isTrue();
            // Redis holds the 21 taken before and this one: the exact view takes the 23rd (what refilled meanwhile, at
            // 1 a second, comes on top).
            TenantBuckets.Take shared = take(new TenantBuckets(redis(6379), Duration.ZERO));
            long refilled = (long) Math.ceil((System.nanoTime() - started) / 1e9);
            assertThat(shared.remaining()).isBetween(100L - 23, Math.min(99, 100 - 23 + refilled));
        }
    }

    @Test
    void instancesSharingABucketRunAheadOfItByAtMostTheirSharesWhichItOwes() throws Exception {
        RedissonClient redis = redis(6379);
        // 100 a second, bursts of 200, settled every 0.1 s: a share of 10 takes per instance.
        TenantBuckets first = new TenantBuckets(redis, Duration.ofMillis(100));
        TenantBuckets second = new TenantBuckets(redis, Duration.ofMillis(100));
        long started = System.nanoTime();
        long granted = storm(first, second, Duration.ofMillis(1500));
        double seconds = (System.nanoTime() - started) / 1e9;
        // Without the debt each settle could run ahead again; with it the run-ahead never exceeds the two shares.
        assertThat(granted).isGreaterThanOrEqualTo(200).isLessThanOrEqualTo(200 + (long) Math.ceil(100 * seconds) + 20);
    }

    @Test
    void withNothingUnsettledEveryTakeIsSettledAndTheBucketIsExactAcrossInstances() throws Exception {
        RedissonClient redis = redis(6379);
        TenantBuckets first = new TenantBuckets(redis, Duration.ZERO);
        TenantBuckets second = new TenantBuckets(redis, Duration.ZERO);
        long started = System.nanoTime();
        long granted = storm(first, second, Duration.ofMillis(1500));
        double seconds = (System.nanoTime() - started) / 1e9;
        assertThat(granted).isGreaterThanOrEqualTo(200).isLessThanOrEqualTo(200 + (long) Math.ceil(100 * seconds));
    }

    /** Two instances take from the tenant's bucket (100 a second, bursts of 200) one take after another for a while. */
    private long storm(TenantBuckets first, TenantBuckets second, Duration during) throws Exception {
        AtomicLong granted = new AtomicLong();
        long until = System.nanoTime() + during.toNanos();
        List<CompletableFuture<Void>> takers = new ArrayList<>();
        for (TenantBuckets buckets : List.of(first, second)) {
            takers.add(CompletableFuture.runAsync(() -> {
                while (System.nanoTime() < until) {
                    if (buckets.take("api", tenant, 100, 200, 1).block(Duration.ofSeconds(5)).taken()) {
                        granted.incrementAndGet();
                    }
                }
            }));
        }
        CompletableFuture.allOf(takers.toArray(CompletableFuture[]::new)).get();
        return granted.get();
    }

    private TenantBuckets.Take take(TenantBuckets buckets) {
        return buckets.take("api", tenant, 1, 100, 1).block(Duration.ofSeconds(10));
    }

    private RedissonClient redis(int port) {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:" + port).setDatabase(DATABASE)
                .setRetryAttempts(0).setTimeout(1000).setConnectTimeout(1000);
        RedissonClient client = Redisson.create(config);
        clients.add(client);
        return client;
    }
}
