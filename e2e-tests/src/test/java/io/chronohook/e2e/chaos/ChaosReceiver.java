package io.chronohook.e2e.chaos;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The tenants' endpoint: answers after a set delay, 200 while up and 503 while down, and records each run
 * ({@code webhook-id}) it accepted: when it was scheduled, when it first came through, and how many times.
 */
final class ChaosReceiver implements AutoCloseable {

    /** A run the receiver accepted. */
    record Accepted(Instant scheduledFor, Instant firstAt, long times) {
    }

    private final Map<String, Instant> scheduled = new ConcurrentHashMap<>();
    private final Map<String, Instant> first = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> times = new ConcurrentHashMap<>();
    private final DisposableServer server;
    private volatile Duration delay = Duration.ZERO;
    private volatile boolean down;

    ChaosReceiver() {
        server = HttpServer.create().host("127.0.0.1").port(0)
                .handle((request, response) -> request.receive().then(Mono.defer(() -> {
                    boolean accepting = !down;
                    return Mono.delay(delay).then(Mono.defer(() -> {
                        String id = request.requestHeaders().get("webhook-id");
                        if (accepting && id != null) {
                            Instant at = Instant.now();
                            String scheduledFor = request.requestHeaders().get("chronohook-scheduled-for");
                            if (scheduledFor != null) {
                                scheduled.putIfAbsent(id, Instant.parse(scheduledFor));
                            }
                            first.putIfAbsent(id, at);
                            times.computeIfAbsent(id, key -> new AtomicLong()).incrementAndGet();
                        }
                        return response.status(accepting ? HttpResponseStatus.OK
                                : HttpResponseStatus.SERVICE_UNAVAILABLE).send().then();
                    }));
                })))
                .bindNow();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    void delay(Duration delay) {
        this.delay = delay;
    }

    void down(boolean down) {
        this.down = down;
    }

    /** Every run accepted so far, by run id (the {@code webhook-id}). */
    Map<String, Accepted> accepted() {
        Map<String, Accepted> all = new ConcurrentHashMap<>();
        first.forEach((id, at) -> all.put(id, new Accepted(scheduled.get(id), at, times.get(id).get())));
        return all;
    }

    int distinct() {
        return first.size();
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
