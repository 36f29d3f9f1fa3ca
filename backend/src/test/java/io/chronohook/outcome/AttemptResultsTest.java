package io.chronohook.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.billing.tenant.TenantId;
import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.job.JobId;
import io.chronohook.schedule.ClaimedRun;
import io.chronohook.schedule.FinishedAttempt;
import io.chronohook.schedule.RunId;
import io.chronohook.schedule.RunState;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AttemptResultsTest {

    private static final Instant NOW = Instant.parse("2027-01-01T10:00:00Z");

    private static ClaimedRun run(int attempt, int maxAttempts, boolean atMostOnce, Duration window) {
        return new ClaimedRun(new RunId(UUID.randomUUID()), new TenantId(UUID.randomUUID()),
                new JobId(UUID.randomUUID()), NOW.minusSeconds(5), attempt, 0, NOW, URI.create("https://hooks.example/x"),
                "POST", null, "k", new byte[0], null, Duration.ofSeconds(30), atMostOnce, maxAttempts,
                Duration.ofSeconds(10), Duration.ofMinutes(5), window);
    }

    private static FinishedAttempt decide(ClaimedRun run, DeliveryOutcome outcome) {
        return AttemptResults.of(run, outcome, "trace", NOW, new SplittableRandom(3));
    }

    private static DeliveryOutcome.Rejected rejected(int status, Duration retryAfter, boolean noRetry) {
        boolean retryable = !noRetry && (status >= 500 || status == 408 || status == 425 || status == 429);
        return new DeliveryOutcome.Rejected(status, retryable, retryAfter, noRetry, NOW, NOW, NOW, "x");
    }

    @Test
    void aRetryableFailureWithAttemptsLeftWaitsWithinTheBackoffBounds() {
        FinishedAttempt result = decide(run(1, 5, false, null), rejected(503, null, false));

        assertThat(result.nextState()).isEqualTo(RunState.RETRY_WAIT);
        assertThat(Duration.between(NOW, result.nextDueAt())).isBetween(Duration.ofSeconds(10), Duration.ofSeconds(20));
        assertThat(result.counted()).isTrue();
    }

    @Test
    void theLastAttemptEndsDead() {
        assertThat(decide(run(5, 5, false, null), rejected(503, null, false)).nextState()).isEqualTo(RunState.DEAD);
    }

    @Test
    void clientErrorsRedirectsAndNoRetryAreNotRetried() {
        assertThat(decide(run(1, 5, false, null), rejected(400, null, false)).nextState()).isEqualTo(RunState.DEAD);
        assertThat(decide(run(1, 5, false, null), rejected(302, null, false)).nextState()).isEqualTo(RunState.DEAD);
        assertThat(decide(run(1, 5, false, null), rejected(503, null, true)).nextState()).isEqualTo(RunState.DEAD);
    }

    @Test
    void goneEndsDeadAndPausesTheJob() {
        FinishedAttempt result = decide(run(1, 5, false, null), rejected(410, null, false));

        assertThat(result.nextState()).isEqualTo(RunState.DEAD);
        assertThat(result.pausesJob()).isTrue();
    }

    @Test
    void retryAfterSetsTheNextAttempt() {
        FinishedAttempt result = decide(run(1, 5, false, null), rejected(429, Duration.ofSeconds(90), false));

        assertThat(result.nextDueAt()).isEqualTo(NOW.plusSeconds(90));
    }

    @Test
    void atMostOnceRetriesOnlyWhatCannotHaveArrived() {
        DeliveryOutcome refused = new DeliveryOutcome.Failed("connect_refused", "refused", false, NOW, NOW);
        DeliveryOutcome timedOut = new DeliveryOutcome.Failed("timeout", "timed out", true, NOW, NOW);

        assertThat(decide(run(1, 5, true, null), refused).nextState()).isEqualTo(RunState.RETRY_WAIT);
        assertThat(decide(run(1, 5, true, null), timedOut).nextState()).isEqualTo(RunState.DEAD);
        assertThat(decide(run(1, 5, true, null), rejected(503, null, false)).nextState()).isEqualTo(RunState.DEAD);
        assertThat(decide(run(1, 5, false, null), timedOut).nextState()).isEqualTo(RunState.RETRY_WAIT);
    }

    @Test
    void aRetryBeyondTheRetryWindowEndsDead() {
        FinishedAttempt result = decide(run(1, 5, false, Duration.ofSeconds(12)), rejected(503, null, false));

        assertThat(result.nextState()).isEqualTo(RunState.DEAD);
    }

    @Test
    void anOpenCircuitDefersWithoutSpendingTheAttempt() {
        ClaimedRun run = run(2, 5, false, null);
        FinishedAttempt result = AttemptResults.deferred(run, NOW, NOW.plusSeconds(30));

        assertThat(result.nextState()).isEqualTo(RunState.RETRY_WAIT);
        assertThat(result.counted()).isFalse();
        assertThat(result.nextDueAt()).isEqualTo(NOW.plusSeconds(30));
    }

    @Test
    void aRefusedTargetEndsDead() {
        FinishedAttempt result = decide(run(1, 5, false, null), new DeliveryOutcome.Blocked("resolves to 10.0.0.1", NOW));

        assertThat(result.nextState()).isEqualTo(RunState.DEAD);
        assertThat(result.errorClass()).isEqualTo("target_not_allowed");
    }
}
