package io.chronohook.e2e.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A load balancer in front of several instances on loopback, as a cloud one would be without sticky sessions: each
 * request goes to the next instance in turn, whatever came before, with its method, path, headers (the client's
 * cookies among them) and body; the answer comes back as the instance gave it, redirects not followed. Counts the
 * requests each instance answered.
 */
public final class RoundRobinProxy implements AutoCloseable {

    /** Headers a hop sets for itself, never passed on (and those the JDK client refuses to set). */
    private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "transfer-encoding", "upgrade",
            "te", "trailer", "proxy-connection", "host", "content-length", "expect");

    private final List<URI> upstreams;
    private final AtomicLongArray answered;
    private final AtomicLong next = new AtomicLong();
    private final HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpServer server;

    /** Starts on a free loopback port in front of {@code upstreams} (their base URIs, e.g. {@code http://h:p}). */
    public RoundRobinProxy(List<URI> upstreams) throws IOException {
        this.upstreams = List.copyOf(upstreams);
        this.answered = new AtomicLongArray(upstreams.size());
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::forward);
        server.setExecutor(threads);
        server.start();
    }

    /** The proxy's address of {@code path}. */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    /** Requests the {@code index}-th instance answered. */
    public long answeredBy(int index) {
        return answered.get(index);
    }

    private void forward(HttpExchange exchange) throws IOException {
        int index = (int) (next.getAndIncrement() % upstreams.size());
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(upstreams.get(index).resolve(
                            exchange.getRequestURI().getRawPath()
                                    + (exchange.getRequestURI().getRawQuery() == null ? ""
                                    : "?" + exchange.getRequestURI().getRawQuery())))
                    .timeout(Duration.ofSeconds(30))
                    .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
                if (!HOP_BY_HOP.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                    header.getValue().forEach(value -> request.header(header.getKey(), value));
                }
            }
            request.header("X-Forwarded-For", exchange.getRemoteAddress().getAddress().getHostAddress());
            HttpResponse<byte[]> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(502, -1);
                return;
            } catch (IOException unreachable) {
                exchange.sendResponseHeaders(502, -1);
                return;
            }
            answered.incrementAndGet(index);
            response.headers().map().forEach((name, values) -> {
                if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.equals(":status")) {
                    exchange.getResponseHeaders().put(name, values);
                }
            });
            byte[] answer = response.body();
            exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
            if (answer.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        client.close();
    }
}
