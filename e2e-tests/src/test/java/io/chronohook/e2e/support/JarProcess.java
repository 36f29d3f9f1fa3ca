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

/**
 * One of the repository's Spring Boot jars run as its own process on a free port, its output in
 * {@code target/e2e-logs/<name>-<port>.log}; the constructor returns once {@code /actuator/health} answers 200.
 */
public abstract class JarProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final String name;
    private final Process process;
    private final int port;
    private final Path log;

    /**
     * Starts {@code jar} with {@code env} added to this process's environment, and {@code SERVER_PORT} set; the JVM
     * with {@code jvmOptions} (those an installation gives it) and a heap of at most {@code maxHeap}.
     */
    protected JarProcess(String name, Path jar, String maxHeap, List<String> jvmOptions, Map<String, String> env)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing; build the " + name + " module first");
        }
        this.name = name;
        this.port = freePort();
        this.log = Files.createDirectories(Path.of("target", "e2e-logs")).resolve(name + "-" + port + ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--enable-native-access=ALL-UNNAMED", "-Xmx" + maxHeap));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        builder.environment().put("SERVER_PORT", Integer.toString(port));
        this.process = builder.start();
        try {
            awaitHealthy();
        } catch (Throwable failed) {
            process.destroyForcibly();
            throw failed;
        }
    }

    public final URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the " + name + " exited during start-up; see " + log.toAbsolutePath()
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
        throw new IllegalStateException("the " + name + " did not become healthy in " + START_TIMEOUT + "\n" + tail());
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

    /** What the process has printed so far. */
    public final String output() throws IOException {
        return Files.readString(log);
    }

    /** The operating system's id of the process (for {@code jcmd}). */
    public final long pid() {
        return process.pid();
    }

    /** {@code kill -9}: the process dies mid-work, with no shutdown of any kind. */
    public final void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /**
     * {@code SIGTERM}, as an orchestrator stops a container: waits up to {@code patience} for the process to exit by
     * itself; returns how long it took, or null when it had to be killed.
     */
    public final java.time.Duration terminate(java.time.Duration patience) throws InterruptedException {
        long started = System.nanoTime();
        process.destroy();
        if (!process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            return null;
        }
        return java.time.Duration.ofNanos(System.nanoTime() - started);
    }

    @Override
    public final void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
