package io.chronohook.e2e.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The backend jar run as its own process with the settings an installation would give it, on a free port. */
public final class BackendProcess implements AutoCloseable {

    private static final Path JAR = Path.of("..", "backend", "target", "chronohook-backend.jar");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Process process;
    private final int port;
    private final Path log;

    private BackendProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts the jar against the test database and the local Redis and waits until it reports healthy. */
    public static BackendProcess start(Map<String, String> extraEnv) throws IOException, InterruptedException {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath() + " is missing; build the backend module first");
        }
        int port = freePort();
        Path logs = Files.createDirectories(Path.of("target", "e2e-logs"));
        Path log = logs.resolve("backend-" + port + ".log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-jar", JAR.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.putAll(TestEnvironment.backendSettings());
        env.put("SERVER_PORT", Integer.toString(port));
        env.putAll(extraEnv);
        BackendProcess backend = new BackendProcess(builder.start(), port, log);
        backend.awaitHealthy();
        return backend;
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the backend exited during start-up; see " + log.toAbsolutePath()
                        + "\n" + tail());
            }
            try {
                HttpResponse<String> health = client.send(HttpRequest.newBuilder(uri("/actuator/health")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (health.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(250);
        }
        close();
        throw new IllegalStateException("the backend did not become healthy in " + START_TIMEOUT + "\n" + tail());
    }

    private String tail() throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** {@code kill -9}: the process dies mid-work, with no shutdown of any kind. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
