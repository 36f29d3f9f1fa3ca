package io.chronohook.dashboard.backend;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;

import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRoutes;

/** A tiny stand-in for the backend on a random loopback port, answering {@code /actuator/health} as a test tells it. */
public final class StubBackend implements AutoCloseable {

    private final DisposableServer server;

    private StubBackend(DisposableServer server) {
        this.server = server;
    }

    /** Answers {@code GET /actuator/health} with the given status code and JSON body; every other path is 404. */
    public static StubBackend answeringHealth(int status, String json) {
        return start(routes -> routes.get("/actuator/health", (request, response) -> response
                .status(status)
                .header("content-type", "application/json")
                .sendString(Mono.just(json))));
    }

    /** Answers {@code GET /actuator/health} with a 200 whose body is not JSON. */
    public static StubBackend answeringHealthWithHtml() {
        return start(routes -> routes.get("/actuator/health", (request, response) -> response
                .header("content-type", "text/html")
                .sendString(Mono.just("<html>not a health answer</html>"))));
    }

    /** Accepts connections to {@code /actuator/health} but never answers. */
    public static StubBackend neverAnswering() {
        return start(routes -> routes.get("/actuator/health", (request, response) -> Mono.never()));
    }

    /** A loopback URL where nothing listens: a port just bound and released again. */
    public static URI closedPortUrl() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An owner of tenant "Acme" as {@code GET /api/v1/me} would describe them. */
    public static final String OWNER_ME = """
            {"tenantId":"ten_0000000000000000000000000000000a","tenantName":"Acme","plan":"free",
             "credential":{"type":"member","id":"mem_0000000000000000000000000000000b"},
             "member":{"id":"mem_0000000000000000000000000000000b","email":"owner@acme.example","role":"owner"},
             "scopes":["admin","jobs:read","jobs:write"]}""";

    /**
     * A stand-in backend answering the routes a test declares, plus {@code GET /api/v1/me} as {@link #OWNER_ME} unless
     * the test routes it itself; every other path answers 404 with a problem document.
     */
    public static StubBackend routing(java.util.function.Consumer<HttpServerRoutes> routes) {
        return start(all -> {
            routes.accept(all);
            all.get("/api/v1/me", (request, response) -> json(response, 200, OWNER_ME));
            all.route(request -> true, (request, response) -> json(response, 404,
                    "{\"status\":404,\"code\":\"not_found\",\"detail\":\"no such resource\"}"));
        });
    }

    /** Answers with {@code status} and the JSON text {@code body}. */
    public static org.reactivestreams.Publisher<Void> json(reactor.netty.http.server.HttpServerResponse response,
                                                          int status, String body) {
        return response.status(status)
                .header("content-type", status >= 400 ? "application/problem+json" : "application/json")
                .sendString(Mono.just(body));
    }

    private static StubBackend start(java.util.function.Consumer<HttpServerRoutes> routes) {
        return new StubBackend(HttpServer.create().host("127.0.0.1").port(0).route(routes).bindNow());
    }

    /** The base URL of this stub, e.g. {@code http://127.0.0.1:40123}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.port());
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
