package io.chronohook.e2e.support;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A fast webhook receiver on a random loopback port: counts deliveries per {@code webhook-id} and records each
 * arrival with its {@code chronohook-scheduled-for}, so tests can find lost, doubled and late runs.
 */
public final class Receiver implements AutoCloseable {

    /** One arrival. */
    public record Arrival(String webhookId, Instant scheduledFor, Instant at) {
    }

    private final Map<String, AtomicLong> deliveries = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Arrival> arrivals = new ConcurrentLinkedQueue<>();
    private final AtomicLong total = new AtomicLong();
    private final Map<String, String> runTokens = new ConcurrentHashMap<>();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong maxInFlight = new AtomicLong();
    private final DisposableServer server;

    public Receiver() {
        this(java.time.Duration.ZERO);
    }

    /** A receiver that takes {@code delay} to answer each request (a slow endpoint). */
    public Receiver(java.time.Duration delay) {
        this(delay, HttpResponseStatus.OK);
    }

    /** A receiver that answers every request with {@code status} (e.g. a failing endpoint answering 500). */
    public static Receiver answering(int status) {
        return new Receiver(java.time.Duration.ZERO, HttpResponseStatus.valueOf(status));
    }

    /** A receiver whose answer can change while it runs (an endpoint that fails, then is fixed). */
    public static Receiver answering(java.util.function.IntSupplier status) {
        return new Receiver(java.time.Duration.ZERO, () -> HttpResponseStatus.valueOf(status.getAsInt()));
    }

    private Receiver(java.time.Duration delay, HttpResponseStatus status) {
        this(delay, () -> status);
    }

    private Receiver(java.time.Duration delay, java.util.function.Supplier<HttpResponseStatus> status) {
        server = HttpServer.create().host("127.0.0.1").port(0)
                .handle((request, response) -> request.receive().then(Mono.defer(() -> {
                    Instant at = Instant.now();
                    String id = request.requestHeaders().get("webhook-id");
                    String scheduled = request.requestHeaders().get("chronohook-scheduled-for");
                    if (id != null) {
                        deliveries.computeIfAbsent(id, key -> new AtomicLong()).incrementAndGet();
                        String token = request.requestHeaders().get("chronohook-run-token");
                        if (token != null) {
                            runTokens.put(id, token);
                        }
                        arrivals.add(new Arrival(id, scheduled == null ? null : Instant.parse(scheduled), at));
                    }
                    total.incrementAndGet();
                    maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    // Answered on the connection's own event loop unless a delay is asked for: a delay of zero
                    // would still hand every request to another thread and back.
                    Mono<Void> answer = Mono.defer(() -> response.status(status.get()).send().then());
                    return (delay.isZero() ? answer : Mono.delay(delay).then(answer))
                            .doFinally(signal -> inFlight.decrementAndGet());
                })))
                .bindNow();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    /** Distinct runs delivered. */
    public int distinct() {
        return deliveries.size();
    }

    /** Deliveries in all (a run delivered twice counts twice). */
    public long total() {
        return total.get();
    }

    /** Requests held now (received, not yet answered). */
    public long inFlight() {
        return inFlight.get();
    }

    /** The most requests held at once. */
    public long maxInFlight() {
        return maxInFlight.get();
    }

    /** Runs delivered more than once. */
    public long duplicated() {
        return deliveries.values().stream().filter(count -> count.get() > 1).count();
    }

    /** The run token the last callback of run {@code webhookId} carried (long-running jobs); null if none. */
    public String runToken(String webhookId) {
        return runTokens.get(webhookId);
    }

    public Iterable<Arrival> arrivals() {
        return arrivals;
    }

    /** The calls that arrived from {@code from} (inclusive) to {@code to}, whatever their scheduled time. */
    public long arrivedBetween(Instant from, Instant to) {
        long count = 0;
        for (Arrival arrival : arrivals) {
            if (!arrival.at().isBefore(from) && arrival.at().isBefore(to)) {
                count++;
            }
        }
        return count;
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
