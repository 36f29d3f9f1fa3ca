package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.support.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Sinks;

/**
 * A value past its time to live is answered at once while one read refreshes it behind; a key not held is read once
 * for everyone who asks meanwhile; failed and empty reads keep nothing.
 */
class RefreshingCacheTest {

    private static final Duration TTL = Duration.ofSeconds(5);

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-30T12:00:00Z"));
    /** The reads asked for, in order; each answers when the test says. */
    private final List<Sinks.One<String>> reads = new ArrayList<>();
    private final AtomicInteger subscribed = new AtomicInteger();
    private final RefreshingCache<String, String> cache = new RefreshingCache<>(TTL, clock, key -> {
        Sinks.One<String> read = Sinks.one();
        reads.add(read);
        return read.asMono().doOnSubscribe(subscription -> subscribed.incrementAndGet());
    });

    @BeforeEach
    void firstValue() {
        CompletableFuture<String> first = cache.get("tenant").toFuture();
        reads.getFirst().tryEmitValue("v1");
        assertThat(first).isCompletedWithValue("v1");
    }

    @Test
    void aKeyNotHeldIsReadOnceForEveryoneWhoAsksMeanwhile() {
        List<CompletableFuture<String>> waiting = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            waiting.add(cache.get("other").toFuture());
        }
        assertThat(reads).hasSize(2);
        assertThat(waiting).noneMatch(CompletableFuture::isDone);
        reads.get(1).tryEmitValue("w1");
        assertThat(waiting).allSatisfy(value -> assertThat(value).isCompletedWithValue("w1"));
        assertThat(subscribed).hasValue(2);
    }

    @Test
    void aValueWithinItsTimeToLiveIsAnsweredWithoutARead() {
        clock.advance(TTL);
        assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v1");
        assertThat(reads).hasSize(1);
    }

    @Test
    void anOlderValueIsAnsweredAtOnceWhileOneReadRefreshesItBehind() {
        clock.advance(TTL.plusMillis(1));
        for (int i = 0; i < 1_000; i++) {
            assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v1");
        }
        // One read, under way behind the callers (none of whom waited for it).
        assertThat(reads).hasSize(2);
        assertThat(subscribed).hasValue(2);
        reads.get(1).tryEmitValue("v2");
        assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v2");
        // Read at its start: it is fresh for the time to live from then.
        clock.advance(TTL);
        assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v2");
        assertThat(reads).hasSize(2);
    }

    @Test
    void aFailedRefreshKeepsTheValueHeldAndTheNextLookUpReadsAgain() {
        clock.advance(TTL.plusMillis(1));
        assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v1");
        reads.get(1).tryEmitError(new IllegalStateException("database away"));
        assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v1");
        assertThat(reads).hasSize(3);
        reads.get(2).tryEmitValue("v2");
        assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v2");
    }

    @Test
    void aFailedOrEmptyFirstReadReachesItsCallersAndKeepsNothing() {
        CompletableFuture<String> failing = cache.get("other").toFuture();
        reads.get(1).tryEmitError(new IllegalStateException("database away"));
        assertThatThrownBy(failing::join).hasMessageContaining("database away");
        CompletableFuture<String> empty = cache.get("other").toFuture();
        reads.get(2).tryEmitEmpty();
        assertThat(empty).isCompletedWithValue(null);
        CompletableFuture<String> found = cache.get("other").toFuture();
        reads.get(3).tryEmitValue("w1");
        assertThat(found).isCompletedWithValue("w1");
    }

    @Test
    void aForgottenKeyIsReadAgainAndItsCallersWaitForTheRead() {
        cache.forget("tenant");
        CompletableFuture<String> again = cache.get("tenant").toFuture();
        assertThat(reads).hasSize(2);
        assertThat(again).isNotDone();
        reads.get(1).tryEmitValue("v2");
        assertThat(again).isCompletedWithValue("v2");
        cache.clear();
        cache.get("tenant").toFuture();
        assertThat(reads).hasSize(3);
    }

    @Test
    void aValuePutIsHeldAsReadThen() {
        clock.advance(TTL.plusMillis(1));
        cache.put("tenant", "v2");
        assertThat(cache.get("tenant").block(Duration.ofSeconds(1))).isEqualTo("v2");
        assertThat(reads).hasSize(1);
    }
}
