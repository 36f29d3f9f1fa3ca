package io.chronohook.support;

import io.chronohook.platform.KeepReadingConnections;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/** A webhook receiver on a random loopback port: records every request with its arrival time, answers as scripted. */
public final class TestReceiver implements AutoCloseable {

    /** One received request. */
    public record Received(Instant at, String method, String path, Map<String, List<String>> headers, String body) {

        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase());
            return values == null ? null : values.getFirst();
        }
    }

    /** What to answer, with extra headers, after an optional delay. */
    public record Reply(int status, String body, Map<String, String> headers, java.time.Duration delay) {

        public Reply(int status, String body) {
            this(status, body, Map.of(), java.time.Duration.ZERO);
        }
    }

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Function<Received, Reply>> scripts = new ConcurrentHashMap<>();
    private final DisposableServer server;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();

    public TestReceiver() {
        // A Reactor Netty server too: it keeps reading the connections deliveries reuse, as the backend does.
        server = new KeepReadingConnections().apply(HttpServer.create().host("127.0.0.1").port(0))
                .handle((request, response) -> request.receive().aggregate().asString(StandardCharsets.UTF_8)
                        .defaultIfEmpty("")
                        .flatMap(body -> {
                            Map<String, List<String>> headers = request.requestHeaders().entries().stream()
                                    .collect(Collectors.groupingBy(e -> e.getKey().toLowerCase(),
                                            Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
                            Received r = new Received(Instant.now(), request.method().name(), request.path(),
                                    headers, body);
                            received.add(r);
                            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                            Reply reply = scripts.getOrDefault("/" + request.path(), x -> new Reply(200, "ok"))
                                    .apply(r);
                            reply.headers().forEach(response::header);
                            return Mono.delay(reply.delay()).then(response
                                    .status(HttpResponseStatus.valueOf(reply.status()))
                                    .sendString(Mono.just(reply.body())).then())
                                    .doFinally(signal -> inFlight.decrementAndGet());
                        }))
                .bindNow();
    }

    /** The most requests this receiver held at once (received, not yet answered). */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    /** Answers requests to {@code path} with {@code reply}. */
    public void script(String path, Function<Received, Reply> reply) {
        scripts.put(path, reply);
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    public List<Received> receivedAt(String path) {
        return received.stream().filter(r -> ("/" + r.path()).equals(path)).toList();
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
