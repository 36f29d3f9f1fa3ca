package io.chronohook.cli.listen;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.chronohook.cli.ApiCommand;
import io.chronohook.cli.ExitCodes;
import io.chronohook.cli.api.ApiClient;
import io.chronohook.cli.api.Query;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code chk listen}: a local receiver for trying jobs out. It answers every request on its port and prints each
 * callback — method, path, Chronohook's headers, body — with its signature checked against the tenant's signing
 * secrets (the current one and those still valid after a rotation, read from the API, or {@code --secret}).
 */
@Command(name = "listen", mixinStandardHelpOptions = true,
        description = {"Receive callbacks on a local port and print each one with its signature checked.",
                "Aim a job at http://127.0.0.1:PORT/<any path> (the API must allow private targets, as "
                        + "./chronohook dev does)."})
public final class ListenCommand extends ApiCommand {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Option(names = "--port", defaultValue = "8090", description = "Port to listen on (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    private String host;

    @Option(names = "--secret", paramLabel = "whsec_…",
            description = "Signing secret to check with (default: CHRONOHOOK_SIGNING_SECRET, else the tenant's "
                    + "current and previous secrets, read from the API).")
    private String secret;

    @Option(names = "--status", defaultValue = "200",
            description = "Status to answer every callback with (default: ${DEFAULT-VALUE}); try 500 to see retries.")
    private int status;

    @Option(names = "--count", paramLabel = "N", description = "Stop after N callbacks (default: run until stopped).")
    private Integer count;

    @Override
    public Integer call() throws Exception {
        List<String> secrets = secrets();
        PrintStream out = context().out();
        boolean json = output().json();
        CountDownLatch done = new CountDownLatch(1);
        AtomicInteger received = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            Callback callback = Callback.of(exchange, secrets, Clock.systemUTC().instant());
            byte[] answer = "ok\n".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
            synchronized (out) {
                out.print(json ? callback.json() + "\n" : callback.text());
                out.flush();
            }
            if (count != null && received.incrementAndGet() >= count) {
                done.countDown();
            }
        });
        server.start();
        if (!json) {
            out.printf("Listening on http://%s:%d/ (answering %d); signatures checked against %d secret%s.%n",
                    host, port, status, secrets.size(), secrets.size() == 1 ? "" : "s");
            out.flush();
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0)));
        done.await();
        server.stop(0);
        return ExitCodes.OK;
    }

    private List<String> secrets() {
        String given = secret != null ? secret : context().env().get("CHRONOHOOK_SIGNING_SECRET");
        if (given != null && !given.isBlank()) {
            return List.of(given.strip());
        }
        JsonNode current = ApiClient.json(api().get("/api/v1/signing-secret", Query.of()));
        List<String> secrets = new ArrayList<>();
        secrets.add(current.path("secret").asString());
        current.path("previous").forEach(previous -> secrets.add(previous.path("secret").asString()));
        return secrets;
    }

    /** One request received, and what its signature check found (null: verified). */
    private record Callback(Instant at, String method, String path, Map<String, String> headers, String body,
                            String problem) {

        static Callback of(HttpExchange exchange, List<String> secrets, Instant now) throws IOException {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(),
                    String.join(", ", values)));
            String problem = CallbackSignature.problem(secrets, headers.get("webhook-id"),
                    headers.get("webhook-timestamp"), headers.get("webhook-signature"), body, now);
            return new Callback(now, exchange.getRequestMethod(), exchange.getRequestURI().toString(), headers,
                    new String(body, StandardCharsets.UTF_8), problem);
        }

        String text() {
            StringBuilder text = new StringBuilder();
            text.append(TIME.format(at)).append("  ").append(method).append(' ').append(path).append("  ")
                    .append(problem == null ? "signature verified" : "SIGNATURE NOT VERIFIED: " + problem)
                    .append('\n');
            headers.forEach((name, value) -> {
                if (name.startsWith("webhook-") || name.startsWith("chronohook-") || name.equals("content-type")) {
                    text.append("    ").append(name).append(": ")
                            .append(name.equals("webhook-signature") || name.equals("chronohook-run-token")
                                    ? shortened(value) : value)
                            .append('\n');
                }
            });
            if (!body.isEmpty()) {
                text.append("    ").append(body.replace("\n", "\n    ")).append('\n');
            }
            return text.append('\n').toString();
        }

        String json() {
            ObjectNode node = JSON.createObjectNode();
            node.put("receivedAt", at.toString());
            node.put("method", method);
            node.put("path", path);
            node.put("verified", problem == null);
            node.put("problem", problem);
            ObjectNode headerNode = node.putObject("headers");
            headers.forEach(headerNode::put);
            node.put("body", body);
            return JSON.writeValueAsString(node);
        }

        private static String shortened(String value) {
            return value.length() <= 24 ? value : value.substring(0, 20) + "…";
        }
    }
}
