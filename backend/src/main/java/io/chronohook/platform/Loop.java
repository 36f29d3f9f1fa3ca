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
 * is served at once); after {@code maxIdle} when it failed. A failure is logged with the loop's name and its stack
 * once; while the same failure repeats (a database or Redis outage) it is not logged again, and the first round that
 * succeeds says how many failed.
 */
public final class Loop implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Loop.class);

    private final AtomicBoolean stopping;
    private final Failures failures;
    private final CountDownLatch stopped = new CountDownLatch(1);
    /** Ends the pause in progress at once when the loop stops: an idle loop stops in no time. */
    private final Sinks.Empty<Void> woken = Sinks.empty();
    private Disposable running;

    private Loop(String name, AtomicBoolean stopping) {
        this.stopping = stopping;
        this.failures = new Failures(name);
    }

    /** Starts a loop; {@code once} emits how much work it did (0 = idle). */
    public static Loop start(String name, Supplier<Mono<? extends Number>> once, Duration idle, Duration maxIdle) {
        AtomicLong pauseNanos = new AtomicLong(idle.toNanos());
        Loop loop = new Loop(name, new AtomicBoolean());
        loop.running = Mono.defer(once)
                .map(Number::longValue)
                .doOnNext(work -> loop.failures.succeeded())
                .onErrorResume(error -> {
                    loop.failures.failed(error, maxIdle);
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
        Loop loop = new Loop(name, new AtomicBoolean());
        loop.running = Mono.defer(once)
                .then(Mono.fromRunnable(loop.failures::succeeded))
                .onErrorResume(error -> {
                    loop.failures.failed(error, period);
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
        requestStop();
        awaitStopped(System.nanoTime() + grace.toNanos());
    }

    /** Starts no further round and ends the pause in progress; {@link #awaitStopped} waits for the round in progress. */
    public void requestStop() {
        stopping.set(true);
        woken.tryEmitEmpty();
    }

    /** Waits for the round in progress until {@code deadlineNanos} ({@link System#nanoTime()}), then cuts it off. */
    public void awaitStopped(long deadlineNanos) {
        try {
            if (!stopped.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                running.dispose();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.dispose();
        }
    }

    /** Stops loops together: all are told at once, then each gets what is left of the same grace. */
    public static void stopAll(Iterable<Loop> loops, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        loops.forEach(Loop::requestStop);
        loops.forEach(loop -> loop.awaitStopped(deadline));
    }

    /** A loop's failures in a row: the first is logged in full, repeats only counted, the recovery logged once. */
    private static final class Failures {
        private final String name;
        private long inARow;

        Failures(String name) {
            this.name = name;
        }

        synchronized void failed(Throwable error, Duration retryIn) {
            if (inARow++ == 0) {
                log.error("{} round failed; retrying every {} (repeats of this failure are not logged)", name,
                        retryIn, error);
            }
        }

        synchronized void succeeded() {
            if (inARow > 0) {
                log.warn("{} recovered after {} failed rounds", name, inARow);
                inARow = 0;
            }
        }
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(5));
    }
}
