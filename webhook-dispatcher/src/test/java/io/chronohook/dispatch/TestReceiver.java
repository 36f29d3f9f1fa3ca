package io.chronohook.dispatch;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/** A webhook receiver on a loopback port that records every connection and request and answers by path. */
final class TestReceiver implements AutoCloseable {

    static final int HUGE_CHUNK_BYTES = 16 * 1024;
    static final int HUGE_CHUNKS = 640; // 10 MiB

    /** One request as the receiver saw it. */
    record Recorded(String method, String uri, HttpHeaders headers, byte[] body) {
        String header(String name) {
            return headers.get(name);
        }
    }

    private final Queue<Recorded> requests = new ConcurrentLinkedQueue<>();
    // Counted at channel set-up: one per TCP connection (doOnConnection fires once per HTTP request instead).
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger hugeChunksProduced = new AtomicInteger();
    private final CountDownLatch hugeStreamEnded = new CountDownLatch(1);
    private final DisposableServer server;

    TestReceiver() {
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .doOnChannelInit((observer, channel, remoteAddress) -> connections.incrementAndGet())
                .handle(this::handle)
                .bindNow();
    }

    int port() {
        return server.port();
    }

    String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    List<Recorded> requests() {
        return List.copyOf(requests);
    }

    Recorded onlyRequest() {
        List<Recorded> all = requests();
        if (all.size() != 1) {
            throw new AssertionError("expected one request, got " + all.size());
        }
        return all.getFirst();
    }

    int connections() {
        return connections.get();
    }

    int hugeChunksProduced() {
        return hugeChunksProduced.get();
    }

    boolean awaitHugeStreamEnd(Duration timeout) throws InterruptedException {
        return hugeStreamEnded.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private Mono<Void> handle(HttpServerRequest request, HttpServerResponse response) {
        return request.receive().aggregate().asByteArray().defaultIfEmpty(new byte[0]).flatMap(body -> {
            requests.add(new Recorded(request.method().name(), request.uri(), request.requestHeaders().copy(), body));
            String path = request.fullPath();
            return switch (path) {
                case "/ok" -> response.status(200).sendString(Mono.just("accepted:" + "é".repeat(3000))).then();
                case "/error" -> response.status(500).sendString(Mono.just("boom")).then();
                case "/stop" -> response.status(503).header("Chronohook-No-Retry", "true")
                        .sendString(Mono.just("go away")).then();
                case "/slow-down" -> response.status(429).header("Retry-After", "3").send().then();
                case "/moved" -> response.status(HttpResponseStatus.FOUND).header("Location", "/elsewhere").send().then();
                case "/gone" -> response.status(410).send().then();
                case "/hang" -> Mono.never();
                case "/huge" -> response.status(200)
                        .header("content-length", Long.toString((long) HUGE_CHUNK_BYTES * HUGE_CHUNKS))
                        .send(Flux.range(0, HUGE_CHUNKS)
                                .delayElements(Duration.ofMillis(2))
                                .map(i -> Unpooled.wrappedBuffer(new byte[HUGE_CHUNK_BYTES]))
                                .doOnNext(chunk -> hugeChunksProduced.incrementAndGet())
                                .doFinally(signal -> hugeStreamEnded.countDown()))
                        .then();
                default -> response.status(200).sendString(Mono.just("ok")).then();
            };
        });
    }

    /** A loopback port nobody listens on. */
    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
