package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Scenario 0: the receiver alone. A client on loopback posts webhook-sized requests over keep-alive connections as
 * fast as the receiver answers them, so the figures of the other scenarios can be read against the receiver's own
 * ceiling. Client and receiver share the machine's cores, so this is a floor of what the receiver can take.
 */
final class ReceiverCapacity {

    private static final int CONNECTIONS = 32;
    private static final int IN_FLIGHT = 256;
    private static final String BODY = "{\"event\":\"tick\",\"padding\":\"" + "x".repeat(64) + "\"}";

    private ReceiverCapacity() {
    }

    static void run(BenchOptions options, BenchReport report) {
        ConnectionProvider pool = ConnectionProvider.builder("receiver-capacity").maxConnections(CONNECTIONS)
                .pendingAcquireMaxCount(-1).build();
        try (Receiver receiver = new Receiver()) {
            HttpClient client = HttpClient.create(pool).baseUrl(receiver.url("")).keepAlive(true);
            Duration warmUp = Duration.ofSeconds(3);
            long end = System.nanoTime() + warmUp.plus(options.receiverSpan()).toNanos();
            AtomicLong failures = new AtomicLong();
            Mono<Void> load = Flux.range(0, Integer.MAX_VALUE)
                    .takeWhile(i -> System.nanoTime() < end)
                    .flatMap(i -> client
                            .headers(headers -> headers.add("webhook-id", "msg_capacity_" + i)
                                    .add("chronohook-scheduled-for", Instant.now().toString())
                                    .add("content-type", "application/json"))
                            .post().uri("/capacity")
                            .send(ByteBufFlux.fromString(Mono.just(BODY)))
                            .responseSingle((response, body) -> body.then(Mono.just(response.status().code())))
                            .doOnNext(status -> {
                                if (status != 200) {
                                    failures.incrementAndGet();
                                }
                            })
                            .onErrorResume(error -> {
                                failures.incrementAndGet();
                                return Mono.empty();
                            }), IN_FLIGHT)
                    .then();
            load.subscribe();
            sleep(warmUp);
            long before = receiver.total();
            long start = System.nanoTime();
            sleep(options.receiverSpan());
            long answered = receiver.total() - before;
            double perSecond = answered / ((System.nanoTime() - start) / 1e9);
            sleep(Duration.ofMillis(500));
            report.put("receiverCapacityPerSecond", Math.round(perSecond));
            report.put("receiverCapacity", Map.of("connections", CONNECTIONS, "inFlight", IN_FLIGHT,
                    "seconds", options.receiverSpan().toSeconds(), "failures", failures.get()));
            report.row("0 receiver alone", "requests answered per second", String.format("%,.0f", perSecond));
            report.row("0 receiver alone", "failed requests", Long.toString(failures.get()));
        } finally {
            pool.dispose();
        }
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
