package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Every item submitted reaches the writer, in batches no larger than asked and one batch at a time, with no other
 * item needed after it to push it out — the case where the outcome of each item decides whether more come.
 */
class BatchWriterTest {

    private static final Duration LINGER = Duration.ofMillis(20);
    private static final Duration WITHIN = Duration.ofSeconds(5);

    @Test
    void anItemSubmittedWhileABatchIsWrittenGoesOutWithoutAnotherAfterIt() {
        List<List<String>> written = new CopyOnWriteArrayList<>();
        Sinks.One<Void> firstWriteMayEnd = Sinks.one();
        BatchWriter<String> writer = new BatchWriter<>(10, LINGER, batch -> {
            written.add(batch);
            return written.size() == 1 ? firstWriteMayEnd.asMono() : Mono.empty();
        });

        writer.submit("first");
        await().atMost(WITHIN).until(() -> written.size() == 1);
        writer.submit("second");
        assertThat(writer.queued()).isEqualTo(1);
        firstWriteMayEnd.tryEmitEmpty();

        await().atMost(WITHIN).until(() -> written.size() == 2);
        assertThat(written).containsExactly(List.of("first"), List.of("second"));
        await().atMost(WITHIN).until(writer::idle);
    }

    @Test
    void whatWaitsBehindAWriteGoesOutInBatchesOfAtMostTheSizeAsked() {
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        Sinks.One<Void> firstWriteMayEnd = Sinks.one();
        BatchWriter<Integer> writer = new BatchWriter<>(500, LINGER, batch -> {
            sizes.add(batch.size());
            return sizes.size() == 1 ? firstWriteMayEnd.asMono() : Mono.empty();
        });

        writer.submit(0);
        await().atMost(WITHIN).until(() -> sizes.size() == 1);
        for (int i = 1; i <= 1_050; i++) {
            writer.submit(i);
        }
        firstWriteMayEnd.tryEmitEmpty();

        await().atMost(WITHIN).until(writer::idle);
        assertThat(sizes).containsExactly(1, 500, 500, 50);
    }

    @Test
    void aPacedWriterWaitsItsLingerAfterEachBatchSoThatWhatArrivesMeanwhileGoesOutTogether() {
        List<List<Integer>> written = new CopyOnWriteArrayList<>();
        Sinks.One<Void> firstWriteMayEnd = Sinks.one();
        BatchWriter<Integer> writer = BatchWriter.paced(500, Duration.ofMillis(300), batch -> {
            written.add(batch);
            return written.size() == 1 ? firstWriteMayEnd.asMono() : Mono.empty();
        });

        writer.submit(0);
        await().atMost(WITHIN).until(() -> written.size() == 1);
        for (int i = 1; i <= 5; i++) {
            writer.submit(i);
        }
        firstWriteMayEnd.tryEmitEmpty();
        // An unpaced writer would have written 1 to 5 as soon as the first batch was done.
        for (int i = 6; i <= 10; i++) {
            writer.submit(i);
        }

        await().atMost(WITHIN).until(writer::idle);
        assertThat(written).containsExactly(List.of(0), List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    }

    @Test
    void aPacedWriterHoldsItsBatchesWhileToldAndWritesThemTogetherAfter() throws Exception {
        List<List<Integer>> written = new CopyOnWriteArrayList<>();
        AtomicBoolean hold = new AtomicBoolean(true);
        BatchWriter<Integer> writer = BatchWriter.paced(500, LINGER, hold::get, batch -> {
            written.add(batch);
            return Mono.empty();
        });

        for (int i = 0; i < 3; i++) {
            writer.submit(i);
            Thread.sleep(LINGER.toMillis() * 3);
        }
        Thread.sleep(500);
        assertThat(written).as("nothing written while held").isEmpty();
        assertThat(writer.queued()).isEqualTo(3);
        assertThat(writer.idle()).isFalse();

        hold.set(false);
        await().atMost(WITHIN).until(writer::idle);
        assertThat(written).containsExactly(List.of(0, 1, 2));
    }

    @Test
    void aBatchThatFailsIsLoggedAndTheNextOnesStillGoOut() {
        List<Integer> written = new CopyOnWriteArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        BatchWriter<Integer> writer = new BatchWriter<>(5, LINGER, batch -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("planted failure");
            }
            written.addAll(batch);
            return Mono.empty();
        });

        writer.submit(1);
        await().atMost(WITHIN).until(() -> calls.get() == 1);
        await().atMost(WITHIN).until(writer::idle);
        writer.submit(2);

        await().atMost(WITHIN).until(() -> written.contains(2));
        assertThat(written).containsExactly(2);
    }

    @Test
    void afterDisposeNothingMoreIsWritten() throws Exception {
        List<Integer> written = new CopyOnWriteArrayList<>();
        BatchWriter<Integer> writer = new BatchWriter<>(5, LINGER, batch -> {
            written.addAll(batch);
            return Mono.empty();
        });
        writer.submit(1);
        await().atMost(WITHIN).until(() -> written.size() == 1);

        writer.dispose();
        writer.submit(2);
        Thread.sleep(LINGER.toMillis() * 5);

        assertThat(written).containsExactly(1);
        assertThat(writer.queued()).isEqualTo(1);
    }

    /**
     * Items trickle in from four threads while writes end at once, on another thread or a little later; after the
     * last item nothing more arrives. Round after round, every item is written exactly once.
     */
    @Test
    void itemsFromManyThreadsWhileWritesComeAndGoAreAllWrittenOnce() throws Exception {
        int threads = 4;
        int perThread = 150;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 15; round++) {
                Set<Integer> seen = Collections.synchronizedSet(new HashSet<>());
                List<Integer> duplicates = new CopyOnWriteArrayList<>();
                AtomicInteger writing = new AtomicInteger();
                AtomicInteger mostAtOnce = new AtomicInteger();
                AtomicInteger largest = new AtomicInteger();
                BatchWriter<Integer> writer = new BatchWriter<>(50, LINGER, batch -> {
                    mostAtOnce.accumulateAndGet(writing.incrementAndGet(), Math::max);
                    largest.accumulateAndGet(batch.size(), Math::max);
                    Function<List<Integer>, Void> record = items -> {
                        items.forEach(item -> {
                            if (!seen.add(item)) {
                                duplicates.add(item);
                            }
                        });
                        writing.decrementAndGet();
                        return null;
                    };
                    int delay = ThreadLocalRandom.current().nextInt(-3, 15);
                    if (delay <= 0) {
                        record.apply(batch);
                        return Mono.empty();
                    }
                    return Mono.delay(Duration.ofMillis(delay)).doOnNext(tick -> record.apply(batch)).then();
                });
                CountDownLatch submitted = new CountDownLatch(threads);
                for (int t = 0; t < threads; t++) {
                    int first = t * perThread;
                    pool.submit(() -> {
                        for (int i = first; i < first + perThread; i++) {
                            writer.submit(i);
                            if (ThreadLocalRandom.current().nextInt(3) == 0) {
                                sleep(ThreadLocalRandom.current().nextInt(8));
                            }
                        }
                        submitted.countDown();
                    });
                }
                assertThat(submitted.await(30, TimeUnit.SECONDS)).isTrue();

                int round0 = round;
                await().atMost(WITHIN).untilAsserted(() -> assertThat(seen).as("written in round %d", round0)
                        .hasSize(threads * perThread));
                await().atMost(WITHIN).until(writer::idle);
                assertThat(duplicates).isEmpty();
                assertThat(mostAtOnce).hasValue(1);
                assertThat(largest.get()).isLessThanOrEqualTo(50);
                List<Integer> all = new ArrayList<>(seen);
                Collections.sort(all);
                assertThat(all.getFirst()).isZero();
                assertThat(all.getLast()).isEqualTo(threads * perThread - 1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void sleep(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
