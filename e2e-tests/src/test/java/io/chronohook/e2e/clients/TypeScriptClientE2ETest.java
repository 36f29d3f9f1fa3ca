package io.chronohook.e2e.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.standardwebhooks.Webhook;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The TypeScript client (clients/typescript) against the real backend jar: its integration script, run by node,
 * signs up, creates jobs aimed at a receiver here, pages through jobs and runs, sees a refused run end dead and
 * replays it, and verifies a received callback with its own verifier. Then what the script did is checked from this
 * side: the receiver's record, the API, and the Standard Webhooks reference library on the same callback.
 */
class TypeScriptClientE2ETest {

    private static final Path CLIENT = Path.of("..", "clients", "typescript");
    private static final Path SCRIPT = CLIENT.resolve(Path.of("dist", "test", "integration.js"));
    private static final String TEST_PATH = "/typescript";
    private static final long SCRIPT_TIMEOUT_SECONDS = 240;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void theGeneratedClientDrivesTheApiAndVerifiesARealCallback() throws Exception {
        assertThat(SCRIPT).as("the compiled client; build clients/typescript first").isRegularFile();
        Path report = Files.createDirectories(Path.of("target", "e2e-logs")).resolve("typescript-client.json");
        Files.deleteIfExists(report);
        try (ControlledReceiver receiver = new ControlledReceiver(); BackendProcess backend = BackendProcess.start(Map.of())) {
            Script script = runScript(Map.of(
                    "CHRONOHOOK_URL", backend.uri("/").toString(),
                    "CHRONOHOOK_RECEIVER_URL", receiver.baseUrl(),
                    "CHRONOHOOK_TEST_PATH", TEST_PATH,
                    "CHRONOHOOK_REPORT", report.toAbsolutePath().toString()));

            assertThat(script.exitCode()).as(script.output()).isZero();
            assertThat(script.output()).doesNotContain("FAILED").contains(
                    "ok - signs up a tenant and calls the API with its key",
                    "ok - creates a job aimed at the receiver and lists its run, delivered",
                    "ok - verifies the received callback's signature with verifyWebhook, and refuses it tampered",
                    "ok - a run its receiver answers 400 ends dead and is in the dead letters",
                    "ok - replays the dead run once the receiver answers 200, and it is delivered under the same id",
                    "ok - a refused call throws ResponseError whose problemOf names the code",
                    "ok - pages through a job's 5 runs 2 at a time, following nextCursor",
                    "ok - updates a job with a merge patch, and a stale If-Match is refused",
                    "ok - pages through the tenant's jobs 2 at a time, following nextCursor",
                    "9 checks held, 0 failed");

            JsonNode made = JSON.readTree(report.toFile());
            ApiClient api = ApiClient.withKey(backend.uri("/"), made.get("apiKey").asString());
            String secret = api.send("GET", "/api/v1/signing-secret", null, 200).get("secret").asString();

            // The callback the script verified verifies with the Standard Webhooks reference library too.
            List<Arrival> signed = receiver.arrivals(TEST_PATH + "/signed");
            assertThat(signed).hasSize(1);
            assertThat(signed.getFirst().headers()).containsEntry("webhook-id", made.get("signedRunId").asString());
            new Webhook(secret).verify(new String(signed.getFirst().body(), StandardCharsets.UTF_8),
                    headers(signed.getFirst()));

            // The replayed run: refused once, delivered on replay, both times under its own id.
            String replayed = made.get("replayedRunId").asString();
            assertThat(receiver.arrivals(TEST_PATH + "/refusing"))
                    .extracting(arrival -> arrival.headers().get("webhook-id"), Arrival::status)
                    .containsExactly(tuple(replayed, 400), tuple(replayed, 200));
            JsonNode run = api.send("GET", "/api/v1/runs/" + replayed, null, 200);
            assertThat(run.get("state").asString()).isEqualTo("succeeded");
            assertThat(StreamSupport.stream(run.get("attempts").spliterator(), false)
                    .map(attempt -> attempt.get("statusCode").asInt())).containsExactlyInAnyOrder(400, 200);

            // The paged runs were each delivered once, and the tenant has exactly the jobs the script made.
            List<String> pagedRuns = strings(made.get("pagedRunIds"));
            assertThat(pagedRuns).hasSize(5);
            assertThat(receiver.arrivals(TEST_PATH + "/runs")).extracting(arrival -> arrival.headers().get("webhook-id"))
                    .containsExactlyInAnyOrderElementsOf(pagedRuns);
            JsonNode jobs = api.send("GET", "/api/v1/jobs?limit=200", null, 200);
            assertThat(jobs.path("nextCursor").isNull() || jobs.path("nextCursor").isMissingNode()).isTrue();
            assertThat(StreamSupport.stream(jobs.get("items").spliterator(), false).map(job -> job.get("id").asString()))
                    .containsExactlyInAnyOrderElementsOf(strings(made.get("jobIds")));
        }
    }

    private record Script(int exitCode, String output) {
    }

    /** Runs the integration script with node, echoing its lines as they come; kills it after the timeout. */
    private static Script runScript(Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("node", SCRIPT.toString()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process node = builder.start();
        StringBuilder output = new StringBuilder();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (var lines = node.inputReader(StandardCharsets.UTF_8)) {
                lines.lines().forEach(line -> {
                    System.out.println("[typescript] " + line);
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                });
            } catch (IOException closed) {
                // the process was killed
            }
        });
        if (!node.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            node.destroyForcibly().waitFor();
        }
        reader.join(5_000);
        synchronized (output) {
            return new Script(node.isAlive() ? -1 : node.exitValue(), output.toString());
        }
    }

    private static List<String> strings(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asString).toList();
    }

    private static HttpHeaders headers(Arrival arrival) {
        return HttpHeaders.of(arrival.headers().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, entry -> List.of(entry.getValue()))), (name, value) -> true);
    }

    /** A call as it arrived: header names in lower case, the body's bytes untouched, and the status answered. */
    private record Arrival(String method, Map<String, String> headers, byte[] body, int status) {
    }

    /**
     * A receiver on a free loopback port that records every call and answers 200, or the status set for its path.
     * The script drives it through {@code /control}: {@code PUT /control/status?path=…} with a status as the body, and
     * {@code GET /control/arrivals?path=…}, the calls that arrived there as JSON (the body base64, as it came).
     */
    private static final class ControlledReceiver implements AutoCloseable {

        private final Map<String, Integer> statuses = new ConcurrentHashMap<>();
        private final Map<String, ConcurrentLinkedQueue<Arrival>> arrivals = new ConcurrentHashMap<>();
        private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        private final HttpServer server;

        ControlledReceiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/control/status", this::setStatus);
            server.createContext("/control/arrivals", this::listArrivals);
            server.createContext("/", this::record);
            server.setExecutor(executor);
            server.start();
        }

        String baseUrl() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        List<Arrival> arrivals(String path) {
            return List.copyOf(arrivals.getOrDefault(path, new ConcurrentLinkedQueue<>()));
        }

        private void record(HttpExchange exchange) throws IOException {
            byte[] body = readBody(exchange);
            String path = exchange.getRequestURI().getPath();
            int status = statuses.getOrDefault(path, 200);
            Map<String, String> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), String.join(" ", values)));
            arrivals.computeIfAbsent(path, any -> new ConcurrentLinkedQueue<>())
                    .add(new Arrival(exchange.getRequestMethod(), headers, body, status));
            answer(exchange, status, new byte[0]);
        }

        private void setStatus(HttpExchange exchange) throws IOException {
            int status = Integer.parseInt(new String(readBody(exchange), StandardCharsets.UTF_8).trim());
            statuses.put(pathParameter(exchange.getRequestURI()), status);
            answer(exchange, 204, new byte[0]);
        }

        private void listArrivals(HttpExchange exchange) throws IOException {
            List<Map<String, Object>> list = new ArrayList<>();
            for (Arrival arrival : arrivals(pathParameter(exchange.getRequestURI()))) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("method", arrival.method());
                item.put("headers", arrival.headers());
                item.put("body", Base64.getEncoder().encodeToString(arrival.body()));
                item.put("status", arrival.status());
                list.add(item);
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            answer(exchange, 200, JSON.writeValueAsBytes(list));
        }

        private static String pathParameter(URI uri) {
            String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
            for (String pair : query.split("&")) {
                if (pair.startsWith("path=")) {
                    return URLDecoder.decode(pair.substring("path=".length()), StandardCharsets.UTF_8);
                }
            }
            throw new IllegalArgumentException("no path= in " + uri);
        }

        private static byte[] readBody(HttpExchange exchange) throws IOException {
            try (InputStream in = exchange.getRequestBody()) {
                return in.readAllBytes();
            }
        }

        private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
            exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        }

        @Override
        public void close() {
            server.stop(0);
            executor.shutdownNow();
        }
    }
}
