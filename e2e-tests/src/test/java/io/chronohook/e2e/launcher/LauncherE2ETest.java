package io.chronohook.e2e.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.Browser;
import io.chronohook.e2e.support.TestEnvironment;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;

/**
 * {@code ./chronohook} as a newcomer runs it, as processes: {@code up --detach} starts the built jars with a freshly
 * generated local installation (secrets, operator token), the operator API and page accept that token, a second
 * {@code up} is refused without touching the running one, and {@code status}, {@code logs} and {@code stop} do what
 * they say; {@code --help} after a command prints that command's lines. The installation gets a database and a
 * Redis database of its own, never a developer's local one.
 */
class LauncherE2ETest {

    private static final Path LAUNCHER = Path.of("..", "chronohook").toAbsolutePath().normalize();
    private static final String DATABASE = "chronohook_launcher_test";
    private static final int REDIS_DATABASE = 7;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path state;

    private static final Map<String, String> env = new HashMap<>();
    private static int apiPort;
    private static int dashboardPort;

    @BeforeAll
    static void freshInstallation() throws Exception {
        TestEnvironment.startAfresh(DATABASE, REDIS_DATABASE);
        env.putAll(TestEnvironment.backendSettings(DATABASE, REDIS_DATABASE));
        // The launcher must generate these itself, as on a newcomer's machine.
        for (String generated : List.of("CHRONOHOOK_AUTH_OPERATOR_TOKEN", "CHRONOHOOK_SECRETS_MASTER_KEYS",
                "CHRONOHOOK_SECRETS_ACTIVE_KEY_ID", "CHRONOHOOK_AUTH_JWT_SECRET")) {
            env.put(generated, "");
        }
        apiPort = freePort();
        dashboardPort = freePort();
        env.put("CHRONOHOOK_STATE_DIR", state.toString());
        env.put("CHRONOHOOK_SKIP_BUILD", "1");
        env.put("SERVER_PORT", Integer.toString(apiPort));
        env.put("CHRONOHOOK_FRONTEND_PORT", Integer.toString(dashboardPort));
    }

    @AfterAll
    static void stopWhateverRuns() throws Exception {
        launcher("stop");
    }

    @Test
    void upInTheBackgroundThenTheOperatorSignsInASecondUpIsRefusedAndStopStops() throws Exception {
        Result up = launcher("up", "--detach");
        assertThat(up.exit()).as(up.output()).isZero();
        assertThat(up.output()).contains("Chronohook is up", "http://127.0.0.1:" + dashboardPort + "/operator/login");

        String token = generatedOperatorToken();
        assertThat(get("/api/v1/operator/plans", token).statusCode()).isEqualTo(200);
        HttpResponse<String> metrics = get("/actuator/prometheus", token);
        assertThat(metrics.statusCode()).isEqualTo(200);
        // The backend runs on the parallel collector, as the image does: its heap pools are the collector's.
        assertThat(metrics.body()).contains("id=\"PS Old Gen\"").doesNotContain("id=\"G1 Old Gen\"");
        assertThat(get("/api/v1/operator/plans", "op_not-the-token-of-this-installation").statusCode())
                .isEqualTo(401);

        try (Browser browser = new Browser()) {
            browser.open("http://127.0.0.1:" + dashboardPort + "/operator/login");
            browser.type(By.id("operator-token"), token);
            browser.click(By.cssSelector("form button[type=submit]"));
            assertThat(browser.waitFor(By.id("fire-lag-p99"), WAIT).getText()).isNotBlank();
        }

        Path backendLog = state.resolve("logs/backend.log");
        String logBefore = Files.readString(backendLog);
        long backendPid = pid("backend");
        for (List<String> again : List.of(List.of("up", "--detach"), List.of("up"))) {
            Result second = launcher(again.toArray(String[]::new));
            assertThat(second.exit()).as(second.output()).isNotZero();
            assertThat(second.output()).contains("already running").doesNotContain("Chronohook is up");
        }
        assertThat(Files.readString(backendLog)).startsWith(logBefore);
        assertThat(pid("backend")).isEqualTo(backendPid);
        assertThat(ProcessHandle.of(backendPid)).hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());

        Result status = launcher("status");
        assertThat(status.exit()).as(status.output()).isZero();
        assertThat(status.output()).contains("backend: running (pid " + backendPid, "frontend: running", "healthy");

        Result logs = launcher("logs", "backend");
        assertThat(logs.exit()).as(logs.output()).isZero();
        assertThat(logs.output()).contains("Started ChronohookApplication");

        long dashboardPid = pid("frontend");
        Result stop = launcher("stop");
        assertThat(stop.exit()).as(stop.output()).isZero();
        assertThat(stop.output()).contains("stopped");
        for (long pid : new long[] {backendPid, dashboardPid}) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid " + pid).isFalse();
        }
        Result stopped = launcher("status");
        assertThat(stopped.exit()).as(stopped.output()).isEqualTo(3);
        assertThat(stopped.output()).contains("backend: stopped", "frontend: stopped");
    }

    @Test
    void helpForOneCommandPrintsItsLinesAndNothingElseHappens() throws Exception {
        for (String help : List.of("--help", "-h")) {
            Result bench = launcher("bench", help);
            assertThat(bench.exit()).as(bench.output()).isZero();
            assertThat(bench.output()).startsWith("  ./chronohook bench [--quick] [--only 0,a,b,c,d,e,f,g]")
                    .contains("writes bench-results/latest.json")
                    // Nothing started, built or run: the launcher's own messages would say so.
                    .doesNotContain("[chronohook]", "./chronohook chaos", "./chronohook up");
        }
        Result chaos = launcher("chaos", "--help");
        assertThat(chaos.exit()).as(chaos.output()).isZero();
        assertThat(chaos.output()).startsWith("  ./chronohook chaos").contains("redis-freeze,receiver-down")
                .doesNotContain("./chronohook bench");

        Result unknown = launcher("nonsense", "--help");
        assertThat(unknown.exit()).as(unknown.output()).isEqualTo(2);
        assertThat(unknown.output()).contains("./chronohook up", "./chronohook bench", "./chronohook chaos");
    }

    private static String generatedOperatorToken() throws IOException {
        return Files.readAllLines(state.resolve("secrets.env")).stream()
                .filter(line -> line.startsWith("CHRONOHOOK_AUTH_OPERATOR_TOKEN="))
                .map(line -> line.substring(line.indexOf('=') + 1))
                .findFirst()
                .orElseThrow(() -> new AssertionError("secrets.env has no CHRONOHOOK_AUTH_OPERATOR_TOKEN"));
    }

    private static long pid(String part) throws IOException {
        return Long.parseLong(Files.readString(state.resolve("run/" + part + ".pid")).strip());
    }

    private static HttpResponse<String> get(String path, String token) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort + path))
                            .header("authorization", "Bearer " + token).timeout(WAIT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    private record Result(int exit, String output) {
    }

    private static Result launcher(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", LAUNCHER.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        // The output is read to its end: the launcher's own output ends when it exits (the jars log to files).
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("./chronohook " + String.join(" ", args) + " did not finish:\n" + output);
        }
        return new Result(process.exitValue(), output);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
