package io.chronohook.billing.quota;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import java.time.YearMonth;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The execution counter on the real Redis (database 1, keys of fresh tenants). */
class ExecutionLedgerTest {

    private static final YearMonth PERIOD = YearMonth.of(2026, 11);

    private RedissonClient redis;
    private ExecutionLedger ledger;
    private final TenantId tenant = new TenantId(UUID.randomUUID());

    @BeforeEach
    void connect() {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:6379").setDatabase(1);
        redis = Redisson.create(config);
        ledger = new ExecutionLedger(redis);
    }

    @AfterEach
    void close() {
        redis.getKeys().deleteByPattern("chronohook:executions:{" + tenant.value() + "}:*");
        redis.shutdown();
    }

    @Test
    void aFreshCounterIsSeededOnceFromTheDurableCountThenTakesUpToTheLimit() {
        AtomicInteger seeded = new AtomicInteger();
        Mono<Long> used = Mono.fromSupplier(() -> {
            seeded.incrementAndGet();
            return 7L;
        });

        assertThat(ledger.take(tenant, PERIOD, 2, 10, used).block()).isEqualTo(2);
        assertThat(ledger.take(tenant, PERIOD, 5, 10, used).block()).isEqualTo(1);
        assertThat(ledger.take(tenant, PERIOD, 5, 10, used).block()).isZero();
        assertThat(seeded).hasValue(1);
        // another period counts on its own
        assertThat(ledger.take(tenant, PERIOD.plusMonths(1), 5, 10, Mono.just(0L)).block()).isEqualTo(5);
    }

    @Test
    void concurrentTakesNeverGrantMoreThanTheLimit() {
        long granted = Flux.range(0, 200)
                .flatMap(i -> ledger.take(tenant, PERIOD, 3, 100, Mono.just(0L)), 32)
                .reduce(0L, Long::sum).block();

        assertThat(granted).isEqualTo(100);
    }

    @Test
    void aRaisedLimitGivesRoomAtOnce() {
        assertThat(ledger.take(tenant, PERIOD, 10, 3, Mono.just(0L)).block()).isEqualTo(3);
        assertThat(ledger.take(tenant, PERIOD, 10, 8, Mono.just(0L)).block()).isEqualTo(5);
    }
}
