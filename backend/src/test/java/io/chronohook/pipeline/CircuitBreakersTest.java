package io.chronohook.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.support.ManualClock;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A run held back by an open circuit waits for the rest of the breaker's open window, not a whole new one. */
class CircuitBreakersTest {

    private static final Duration OPEN_FOR = Duration.ofSeconds(30);

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-24T10:00:00Z"));
    private final CircuitBreakers breakers = new CircuitBreakers(
            new BreakerProperties(50, 4, 4, OPEN_FOR, 1), new SimpleMeterRegistry(), clock);

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
