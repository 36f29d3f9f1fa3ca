package io.chronohook.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.support.ManualClock;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * A run held back by an open circuit waits for the rest of the breaker's open window, not a whole new one; breakers
 * are shared through Redis, so two instances agree on a failing host and on its recovery.
 */
class CircuitBreakersTest {

    private static final Duration OPEN_FOR = Duration.ofSeconds(30);
    private static final BreakerProperties SETTINGS = new BreakerProperties(50, 4, 4, OPEN_FOR, 1);

    // The board keeps milliseconds.
    private final ManualClock clock = new ManualClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));
    private RedissonClient redis;
    private BreakerBoard board;
    private CircuitBreakers breakers;

    @BeforeEach
    void connect() {
        Config config = new Config();
        config.useSingleServer().setAddress("redis://127.0.0.1:6379").setDatabase(3);
        redis = Redisson.create(config);
        board = new BreakerBoard(redis);
        breakers = new CircuitBreakers(SETTINGS, board, new SimpleMeterRegistry(), clock);
    }

    @AfterEach
    void disconnect() {
        redis.shutdown();
    }

    @Test
    void twoInstancesAgreeOnAFailingHostAndOnItsRecovery() {
        CircuitBreakers other = new CircuitBreakers(SETTINGS, board, new SimpleMeterRegistry(), clock);
        TenantId tenant = new TenantId(UUID.randomUUID());
        CircuitBreaker here = breakers.of(tenant, "hooks.example.com");
        CircuitBreaker there = other.of(tenant, "hooks.example.com");
        Instant opened = clock.instant();
        fail(here, 4);
        assertThat(here.getState()).isEqualTo(CircuitBreaker.State.OPEN);

        await().atMost(Duration.ofSeconds(5)).until(() -> {
            other.syncOnce().block();
            return there.getState() == CircuitBreaker.State.OPEN;
        });
        assertThat(there.tryAcquirePermission()).isFalse();
        assertThat(other.heldUntil(there, clock.instant())).isEqualTo(opened.plus(OPEN_FOR));
        assertThat(breakers.states(tenant).block()).containsEntry("hooks.example.com", "open");
        assertThat(other.states(tenant).block()).containsEntry("hooks.example.com", "open");

        // The window ends; one instance's probe finds the host up and closes the breaker for both.
        clock.advance(OPEN_FOR.plusMillis(1));
        assertThat(breakers.states(tenant).block()).containsEntry("hooks.example.com", "half_open");
        assertThat(here.tryAcquirePermission()).isTrue();
        Instant now = clock.instant();
        breakers.record(here, new DeliveryOutcome.Delivered(200, now, now, now, "ok", null));
        assertThat(here.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            other.syncOnce().block();
            return there.getState() == CircuitBreaker.State.CLOSED;
        });
        assertThat(there.tryAcquirePermission()).isTrue();
        assertThat(other.states(tenant).block()).doesNotContainKey("hooks.example.com");
    }

    @Test
    void aRunThatMeetsAHalfOpenBreakerWithItsProbeOutLooksAgainInAMoment() {
        CircuitBreaker breaker = breakers.of(new TenantId(UUID.randomUUID()), "hooks.example.com");
        fail(breaker, 4);
        clock.advance(OPEN_FOR.plusMillis(1));
        assertThat(breaker.tryAcquirePermission()).as("the probe").isTrue();
        assertThat(breaker.tryAcquirePermission()).isFalse();
        assertThat(breakers.heldUntil(breaker, clock.instant()))
                .isEqualTo(clock.instant().plus(CircuitBreakers.HALF_OPEN_RECHECK));
    }

    private void fail(CircuitBreaker breaker, int times) {
        Instant at = clock.instant();
        for (int i = 0; i < times; i++) {
            assertThat(breaker.tryAcquirePermission()).isTrue();
            breakers.record(breaker, new DeliveryOutcome.Failed("timeout", "timed out", true, at, at));
        }
    }

    @Test
    void aRunHeldBackLateInTheOpenWindowWaitsOnlyForTheRestOfIt() {
        CircuitBreaker breaker = breakers.of(new TenantId(UUID.randomUUID()), "hooks.example.com");
        Instant opened = clock.instant();
        for (int i = 0; i < 4; i++) {
            assertThat(breaker.tryAcquirePermission()).isTrue();
            breakers.record(breaker, new DeliveryOutcome.Failed("timeout", "timed out", true, opened, opened));
        }
        assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.OPEN);

        assertThat(breakers.heldUntil(breaker, clock.instant())).isEqualTo(opened.plus(OPEN_FOR));
        clock.advance(Duration.ofSeconds(25));
        assertThat(breaker.tryAcquirePermission()).isFalse();
        assertThat(breakers.heldUntil(breaker, clock.instant())).isEqualTo(opened.plus(OPEN_FOR));
    }

    @Test
    void theBreakersOwnClockDecidesWhenItGoesHalfOpen() {
        CircuitBreaker breaker = breakers.of(new TenantId(UUID.randomUUID()), "hooks.example.com");
        Instant opened = clock.instant();
        for (int i = 0; i < 4; i++) {
            breaker.tryAcquirePermission();
            breakers.record(breaker, new DeliveryOutcome.Failed("timeout", "timed out", true, opened, opened));
        }
        clock.advance(OPEN_FOR.minusSeconds(1));
        assertThat(breaker.tryAcquirePermission()).isFalse();
        clock.advance(Duration.ofSeconds(1).plusMillis(1));
        assertThat(breaker.tryAcquirePermission()).isTrue();
        assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.HALF_OPEN);
    }
}
