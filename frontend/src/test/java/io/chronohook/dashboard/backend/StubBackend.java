package io.chronohook.dashboard.backend;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;

import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.HttpServerRoutes;

/** A tiny stand-in for the backend on a random loopback port, answering {@code /actuator/health} as a test tells it. */
public final class StubBackend implements AutoCloseable {

    private final DisposableServer server;
    private final BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> routes;

    private StubBackend(DisposableServer server,
                        BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> routes) {
        this.server = server;
        this.routes = routes;
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

    /** The one server the page tests share; it answers with the routes of the test class that ran {@link #activate()} last. */
    private static final AtomicReference<BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>>> ACTIVE =
            new AtomicReference<>((request, response) -> response.status(503).send());
    private static volatile DisposableServer shared;

    /**
     * A stand-in backend answering the routes a test declares, plus {@code GET /api/v1/me} as {@link #OWNER_ME} unless
     * the test routes it itself; every other path answers 404 with a problem document. It is served by the shared
     * server once the test class calls {@link #activate()} (see {@code support.PageTest}).
     */
    public static StubBackend routing(java.util.function.Consumer<HttpServerRoutes> routes) {
        HttpServerRoutes all = HttpServerRoutes.newRoutes();
        routes.accept(all);
        all.get("/api/v1/me", (request, response) -> json(response, 200, OWNER_ME));
        all.route(request -> true, (request, response) -> json(response, 404,
                "{\"status\":404,\"code\":\"not_found\",\"detail\":\"no such resource\"}"));
        return new StubBackend(null, all);
    }

    /** The shared server's base URL, where every {@link #routing} backend is served. */
    public static synchronized URI sharedUrl() {
        if (shared == null) {
            shared = HttpServer.create().host("127.0.0.1").port(0)
                    .handle((request, response) -> ACTIVE.get().apply(request, response))
                    .bindNow();
        }
        return URI.create("http://127.0.0.1:" + shared.port());
    }

    /** Serves this backend's routes on the shared server from now on. */
    public void activate() {
        if (routes == null) {
            throw new IllegalStateException("only a routing(...) backend is served by the shared server");
        }
        sharedUrl();
        ACTIVE.set(routes);
    }

    /** Answers with {@code status} and the JSON text {@code body}. */
    public static Publisher<Void> json(HttpServerResponse response, int status, String body) {
        return response.status(status)
                .header("content-type", status >= 400 ? "application/problem+json" : "application/json")
                .sendString(Mono.just(body));
    }

    private static StubBackend start(java.util.function.Consumer<HttpServerRoutes> routes) {
        return new StubBackend(HttpServer.create().host("127.0.0.1").port(0).route(routes).bindNow(), null);
    }

    /** The base URL of this stub, e.g. {@code http://127.0.0.1:40123}. */
    public URI url() {
        return server == null ? sharedUrl() : URI.create("http://127.0.0.1:" + server.port());
    }

    @Override
    public void close() {
        if (server != null) {
            server.disposeNow();
        }
    }
}
