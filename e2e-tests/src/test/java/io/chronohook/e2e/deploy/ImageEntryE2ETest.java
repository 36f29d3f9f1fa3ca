package io.chronohook.e2e.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.DockerfileRecipe;
import io.chronohook.e2e.support.TestEnvironment;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The images' recipes carried out on the built jars without a container engine (none runs on these machines; the
 * image build itself is {@code ./chronohook image}'s, where one does): each Dockerfile's build stage unpacks its jar
 * into Spring Boot's four layers, the final stage's files are laid out from them, and the image's own entry command
 * and environment start the backend and then the dashboard against it. Each answers its health check (the image's
 * HEALTHCHECK, which fails before the app is up), and a SIGTERM to the container's process stops the app itself.
 */
class ImageEntryE2ETest {

    private static final Path REPOSITORY = Path.of("..");
    private static final List<String> LAYERS = List.of("dependencies", "spring-boot-loader", "snapshot-dependencies",
            "application");

    @Test
    void theBackendAndDashboardImagesStartFromTheirEntryCommandAndAnswerTheirHealthChecks(@TempDir Path folder)
            throws Exception {
        DockerfileRecipe.Image backend = DockerfileRecipe.read(REPOSITORY, REPOSITORY.resolve("backend/Dockerfile"))
                .carryOut(Files.createDirectories(folder.resolve("backend")));
        assertLayered(backend, "chronohook-backend.jar");
        assertThat(backend.env()).containsEntry("CHRONOHOOK_APP_JAR", "chronohook-backend.jar");
        assertThat(backend.env().get("CHRONOHOOK_JAVA_OPTS")).contains("-XX:MaxRAMPercentage=75", "-XX:+UseParallelGC");

        int backendPort = freePort();
        Map<String, String> backendEnv = new HashMap<>(backend.env());
        backendEnv.putAll(TestEnvironment.backendSettings());
        backendEnv.put("SERVER_PORT", Integer.toString(backendPort));
        assertThat(exit(backend.healthcheck(), backendEnv)).as("the health check before the app is up").isNotZero();
        Process backendProcess = start(backend, backendEnv, folder.resolve("backend.log"));
        try {
            awaitHealthy(backend, backendEnv, backendProcess, folder.resolve("backend.log"));
            // The API answers: a call without a credential is refused by the app itself.
            assertThat(status(URI.create("http://127.0.0.1:" + backendPort + "/api/v1/jobs"))).isEqualTo(401);

            DockerfileRecipe.Image dashboard = DockerfileRecipe.read(REPOSITORY,
                    REPOSITORY.resolve("frontend/Dockerfile")).carryOut(Files.createDirectories(
                    folder.resolve("dashboard")));
            assertLayered(dashboard, "chronohook-frontend.jar");
            int dashboardPort = freePort();
            Map<String, String> dashboardEnv = new HashMap<>(dashboard.env());
            dashboardEnv.put("CHRONOHOOK_BACKEND_URL", "http://127.0.0.1:" + backendPort);
            dashboardEnv.put("SERVER_PORT", Integer.toString(dashboardPort));
            Process dashboardProcess = start(dashboard, dashboardEnv, folder.resolve("dashboard.log"));
            try {
                awaitHealthy(dashboard, dashboardEnv, dashboardProcess, folder.resolve("dashboard.log"));
                assertThat(status(URI.create("http://127.0.0.1:" + dashboardPort + "/login"))).isEqualTo(200);
            } finally {
                assertStopsOnSigterm(dashboardProcess);
            }
        } finally {
            assertStopsOnSigterm(backendProcess);
        }
    }

    /** The jar was unpacked into the four layers, in that order; the dependencies' jars and the app's jar among them. */
    private static void assertLayered(DockerfileRecipe.Image image, String jar) throws IOException {
        assertThat(image.layers()).extracting(layer -> layer.getFileName().toString()).isEqualTo(LAYERS);
        try (Stream<Path> libraries = Files.list(image.layers().getFirst().resolve("lib"))) {
            assertThat(libraries.filter(path -> path.toString().endsWith(".jar")).count())
                    .as("libraries in the dependencies layer").isGreaterThan(20);
        }
        assertThat(image.layers().getLast().resolve(jar)).as("the application layer's jar").isRegularFile();
        assertThat(image.root().resolve(jar)).isRegularFile();
        assertThat(image.root().resolve("lib")).isDirectory();
        assertThat(image.command()).containsExactly(image.root().resolve("entrypoint.sh").toString(), "run");
    }

    private static Process start(DockerfileRecipe.Image image, Map<String, String> env, Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(image.command()).directory(image.root().toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        builder.environment().put("PATH", javaOnPath());
        return builder.start();
    }

    private static void awaitHealthy(DockerfileRecipe.Image image, Map<String, String> env, Process process, Path log)
            throws Exception {
        Await.until(() -> {
            if (!process.isAlive()) {
                throw new AssertionError("the app exited: " + Files.readString(log));
            }
            return exit(image.healthcheck(), env) == 0;
        }, Duration.ofSeconds(120), () -> tail(log));
    }

    /** The entry script execs Java, so the signal reaches the app, which stops by itself well within 45 s. */
    private static void assertStopsOnSigterm(Process process) throws InterruptedException {
        process.destroy();
        boolean stopped = process.waitFor(45, TimeUnit.SECONDS);
        if (!stopped) {
            process.destroyForcibly().waitFor();
        }
        assertThat(stopped).as("stopped by SIGTERM within 45 s").isTrue();
    }

    private static int exit(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            return -1;
        }
        return process.exitValue();
    }

    private static int status(URI uri) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }

    private static String javaOnPath() {
        return Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH");
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
