package io.chronohook.platform;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Runs a stage's {@code runOnce()} over and over: at once again while it finds work; when it finds none, after a
 * pause that starts at {@code idle} and doubles up to {@code maxIdle} (so an idle system costs little and a busy one
 * is served at once); after {@code maxIdle} when it failed (logged with the loop's name; the loop goes on).
 */
public final class Loop implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Loop.class);

    private final AtomicBoolean stopping;
    private final CountDownLatch stopped = new CountDownLatch(1);
    /** Ends the pause in progress at once when the loop stops: an idle loop stops in no time. */
    private final Sinks.Empty<Void> woken = Sinks.empty();
    private Disposable running;

    private Loop(AtomicBoolean stopping) {
        this.stopping = stopping;
    }

    /** Starts a loop; {@code once} emits how much work it did (0 = idle). */
    public static Loop start(String name, Supplier<Mono<? extends Number>> once, Duration idle, Duration maxIdle) {
        AtomicLong pauseNanos = new AtomicLong(idle.toNanos());
        Loop loop = new Loop(new AtomicBoolean());
        loop.running = Mono.defer(once)
                .map(Number::longValue)
                .onErrorResume(error -> {
                    log.error("{} round failed; retrying in {}", name, maxIdle, error);
                    pauseNanos.set(maxIdle.toNanos());
                    return Mono.just(0L);
                })
                .defaultIfEmpty(0L)
                .flatMap(work -> {
                    if (work > 0) {
                        pauseNanos.set(idle.toNanos());
                        return Mono.just(work);
                    }
                    long pause = pauseNanos.get();
                    pauseNanos.set(Math.min(maxIdle.toNanos(), pause * 2));
                    return loop.pause(Duration.ofNanos(pause)).thenReturn(0L);
                })
                .repeat(() -> !loop.stopping.get())
                .doFinally(signal -> loop.stopped.countDown())
                .subscribe();
        return loop;
    }

    /** Starts a loop that runs {@code once} every {@code period}, whatever it finds. */
    public static Loop every(String name, Supplier<Mono<?>> once, Duration period) {
        Loop loop = new Loop(new AtomicBoolean());
        loop.running = Mono.defer(once)
                .onErrorResume(error -> {
                    log.error("{} round failed; retrying in {}", name, period, error);
                    return Mono.empty();
                })
                .then(loop.pause(period))
                .repeat(() -> !loop.stopping.get())
                .doFinally(signal -> loop.stopped.countDown())
                .subscribe();
        return loop;
    }

    private Mono<Void> pause(Duration length) {
        return Mono.firstWithSignal(Mono.delay(length).then(), woken.asMono());
    }

    /** Lets the round in progress finish (up to {@code grace}), then stops; a round cut short is lost work, not state. */
    public void stop(Duration grace) {
        stopping.set(true);
        woken.tryEmitEmpty();
        try {
            if (!stopped.await(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                running.dispose();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.dispose();
        }
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(5));
    }
}
