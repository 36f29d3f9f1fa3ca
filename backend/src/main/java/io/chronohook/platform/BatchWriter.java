package io.chronohook.platform;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Items submitted from any thread, written in batches of at most {@code batch}, one batch at a time: the first item
 * submitted while nothing is being written waits at most {@code linger} for others to join it; items submitted while
 * a batch is being written go out as soon as it is done — or, for a writer made {@link #paced}, {@code linger} after
 * it, so that work that may wait gathers into batches of up to {@code batch} under load rather than into batches of
 * what arrived while the last one was written; a paced writer may also be told to hold its batches while a condition
 * is true. Every item submitted is handed to the writer, whether or not any other item follows it.
 *
 * <p>Written by hand rather than with Reactor's {@code bufferTimeout(size, time, true)}: that operator can leave the
 * items of an open buffer unsent until further items arrive (a buffer started while a flush is under way gets no
 * timer), and where each item's own outcome decides whether any more arrive, none ever does.
 */
public final class BatchWriter<T> {

    private static final Logger log = LoggerFactory.getLogger(BatchWriter.class);

    private final Queue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    /** True from the moment a round is started until it has found the queue empty. */
    private final AtomicBoolean active = new AtomicBoolean();
    private final Function<List<T>, Mono<Void>> writer;
    private final int batch;
    private final Duration linger;
    private final boolean paced;
    /** While true, a paced writer writes nothing: it looks again a linger later. */
    private final BooleanSupplier hold;
    private final Scheduler scheduler;
    private volatile Disposable round;
    private volatile boolean disposed;

    /** {@code writer} is given each batch; its errors are logged and the next batch goes on. */
    public BatchWriter(int batch, Duration linger, Function<List<T>, Mono<Void>> writer) {
        this(batch, linger, false, () -> false, writer, Schedulers.parallel());
    }

    /**
     * A writer whose every batch waits {@code linger} after the one before (not only the first after an idle spell):
     * for writes nothing waits on, whose cost lies mostly in each statement rather than in each item.
     */
    public static <T> BatchWriter<T> paced(int batch, Duration linger, Function<List<T>, Mono<Void>> writer) {
        return paced(batch, linger, () -> false, writer);
    }

    /**
     * A {@link #paced} writer that writes nothing while {@code hold} is true (asked a linger after the last batch,
     * and again each linger after that): for writes that should yield to other work while it is pressing.
     */
    public static <T> BatchWriter<T> paced(int batch, Duration linger, BooleanSupplier hold,
                                           Function<List<T>, Mono<Void>> writer) {
        return new BatchWriter<>(batch, linger, true, hold, writer, Schedulers.parallel());
    }

    BatchWriter(int batch, Duration linger, boolean paced, BooleanSupplier hold, Function<List<T>, Mono<Void>> writer,
                Scheduler scheduler) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be at least 1, was " + batch);
        }
        this.batch = batch;
        this.linger = linger;
        this.paced = paced;
        this.hold = hold;
        this.writer = writer;
        this.scheduler = scheduler;
    }

    /** Queues an item; it is written within {@code linger} plus the writes already waiting before it. */
    public void submit(T item) {
        queue.add(item);
        queued.incrementAndGet();
        startIfIdle();
    }

    /** Items submitted and not yet handed to the writer. */
    public int queued() {
        return queued.get();
    }

    /** True while nothing is queued or being written. */
    public boolean idle() {
        return !active.get() && queue.isEmpty();
    }

    private void startIfIdle() {
        if (disposed || !active.compareAndSet(false, true)) {
            return;
        }
        // Batches follow one another until one finds the queue empty; repeat() loops without deepening the stack
        // when a write completes at once.
        Mono<Void> next = Mono.defer(this::writeNext);
        round = (paced ? Mono.delay(linger, scheduler).then(Mono.defer(() -> hold.getAsBoolean() ? Mono.<Void>empty()
                        : next)).repeat(() -> !queue.isEmpty())
                : Mono.delay(linger, scheduler).thenMany(next.repeat(() -> !queue.isEmpty())))
                .doFinally(signal -> {
                    active.set(false);
                    // An item queued after the last look at the queue and before the flag went down would otherwise
                    // wait for the next submit.
                    if (!queue.isEmpty()) {
                        startIfIdle();
                    }
                })
                .subscribe();
    }

    private Mono<Void> writeNext() {
        List<T> items = new ArrayList<>(Math.min(batch, Math.max(1, queued.get())));
        T item;
        while (items.size() < batch && (item = queue.poll()) != null) {
            items.add(item);
        }
        if (items.isEmpty()) {
            return Mono.empty();
        }
        queued.addAndGet(-items.size());
        return Mono.defer(() -> writer.apply(items)).onErrorResume(error -> {
            log.error("a batch of {} could not be written", items.size(), error);
            return Mono.empty();
        });
    }

    /** Stops: the write under way is cut off and nothing queued is written any more (at shutdown, after a grace). */
    public void dispose() {
        disposed = true;
        Disposable current = round;
        if (current != null) {
            current.dispose();
        }
    }
}
