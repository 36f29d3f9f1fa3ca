package io.chronohook.dispatch.http;

import io.chronohook.dispatch.DeliveryOutcome;
import io.chronohook.dispatch.DispatcherSettings;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.resolver.AddressResolverGroup;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;
import reactor.netty.resources.ConnectionProvider;

/**
 * Makes one HTTP exchange per call over a single shared, pooled keep-alive client: no redirects, no proxy, no
 * compression, no transparent retry, one deadline, a byte-capped response read. Used by the dispatcher.
 */
public final class WebhookSender implements AutoCloseable {

    private static final Set<String> METHODS_WITH_BODY = Set.of("POST", "PUT", "PATCH");
    // The per-attempt deadline is the limit that matters; the pool's own wait limit only has to be longer.
    private static final Duration POOL_ACQUIRE_LIMIT = Duration.ofMinutes(16);

    private final ConnectionProvider pool;
    private final HttpClient client;
    private final Clock clock;
    private final int maxResponseBytes;
    private final int storedExcerptBytes;

    /** {@code resolver} decides which addresses a connection may reach: pass the guard's pinning resolver group. */
    public WebhookSender(DispatcherSettings settings, AddressResolverGroup<?> resolver, Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxResponseBytes = settings.maxResponseBytes();
        this.storedExcerptBytes = settings.storedExcerptBytes();
        this.pool = ConnectionProvider.builder("chronohook-webhooks")
                .maxConnections(settings.maxConnectionsPerHost())
                .pendingAcquireMaxCount(settings.pendingAcquireMaxCount())
                .pendingAcquireTimeout(POOL_ACQUIRE_LIMIT)
                .maxIdleTime(settings.maxIdleTime())
                .maxLifeTime(settings.maxLifeTime())
                .evictInBackground(settings.maxIdleTime())
                .build();
        this.client = HttpClient.create(pool)
                .resolver(Objects.requireNonNull(resolver, "resolver"))
                .protocol(HttpProtocol.HTTP11)
                .noProxy()
                .followRedirect(false)
                .compress(false)
                .keepAlive(true)
                // One attempt is at most one request on the wire; retries belong to the retry planner.
                .disableRetry(true);
    }

    /** Sends {@code request} once; never signals an error. */
    public Mono<DeliveryOutcome> send(OutgoingRequest request) {
        return Mono.defer(() -> {
            Exchange exchange = new Exchange(clock.instant(), request.timeout());
            return client.request(HttpMethod.valueOf(request.method()))
                    .uri(withoutFragment(request.url()))
                    .send((out, outbound) -> {
                        request.headers().forEach(out::header);
                        byte[] body = request.body();
                        if (body.length > 0 || METHODS_WITH_BODY.contains(request.method())) {
                            out.header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(body.length));
                        }
                        out.responseTimeout(exchange.remaining(clock.instant()));
                        exchange.requestStarted = true;
                        return body.length == 0
                                ? outbound
                                : outbound.send(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(body)));
                    })
                    .responseConnection((response, connection) -> read(response, connection, exchange))
                    .single()
                    // With a fallback of its own the timeout does not describe its source at every subscription
                    // (walking the operators and formatting their names was a percent of the delivery path).
                    .timeout(request.timeout(), Mono.error(() -> new TimeoutException(
                            "no answer within " + request.timeout().toMillis() + " ms")))
                    .onErrorResume(error -> Mono.just(TransportFailures.toOutcome(
                            error, exchange.requestStarted, exchange.startedAt, clock.instant())));
        });
    }

    private Mono<DeliveryOutcome> read(HttpClientResponse response, Connection connection, Exchange exchange) {
        Instant firstByteAt = clock.instant();
        int status = response.status().code();
        HttpHeaders headers = response.responseHeaders();
        String retryAfter = headers.get(HttpHeaderNames.RETRY_AFTER);
        String noRetry = headers.get(ResponseClassifier.NO_RETRY_HEADER);
        String kept = HeaderLines.of(headers);
        BodyExcerpt body = new BodyExcerpt(maxResponseBytes, storedExcerptBytes);
        return connection.inbound().receive()
                .takeUntil(body::appendAndCheckLimit)
                .then(Mono.fromSupplier(() -> {
                    if (body.limitPassed()) {
                        // Reading on would cost more than a fresh connection: close it instead of draining it.
                        connection.dispose();
                    }
                    return ResponseClassifier.classify(new ReceivedResponse(status, retryAfter, noRetry,
                            exchange.startedAt, firstByteAt, clock.instant(), body.excerpt(), kept));
                }));
    }

    private static URI withoutFragment(URI url) {
        if (url.getRawFragment() == null) {
            return url;
        }
        String text = url.toString();
        return URI.create(text.substring(0, text.indexOf('#')));
    }

    /** Closes every pooled connection. */
    @Override
    public void close() {
        pool.dispose();
    }

    /** Per-attempt state shared by the request and response callbacks. */
    private static final class Exchange {
        final Instant startedAt;
        final Instant deadline;
        volatile boolean requestStarted;

        Exchange(Instant startedAt, Duration timeout) {
            this.startedAt = startedAt;
            this.deadline = startedAt.plus(timeout);
        }

        Duration remaining(Instant now) {
            Duration left = Duration.between(now, deadline);
            return left.isNegative() || left.isZero() ? Duration.ofMillis(1) : left;
        }
    }
}
