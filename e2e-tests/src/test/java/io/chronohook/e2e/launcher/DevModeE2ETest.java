package io.chronohook.e2e.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.TestEnvironment;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./chronohook dev} as a newcomer runs it, as a process: within a minute it shows a signed callback of its sample
 * job, its signature verified, in the terminal; the key it prints works; Ctrl-C (SIGTERM here) stops everything.
 * Private targets and a plan for second-by-second jobs come from dev mode itself, not from the test's settings.
 */
class DevModeE2ETest {

    private static final Path LAUNCHER = Path.of("..", "chronohook").toAbsolutePath().normalize();
    private static final String DATABASE = "chronohook_dev_test";
    private static final int REDIS_DATABASE = 9;
    private static final Pattern API_KEY = Pattern.compile("API key +(chk_\\S+)");

    @TempDir
    Path state;

    @Test
    void aVerifiedSignedCallbackShowsWithinAMinuteAndCtrlCStopsItAll() throws Exception {
        TestEnvironment.startAfresh(DATABASE, REDIS_DATABASE);
        Map<String, String> env = new HashMap<>(TestEnvironment.backendSettings(DATABASE, REDIS_DATABASE));
        env.remove("CHRONOHOOK_DELIVERY_ALLOW_PRIVATE_TARGETS");
        env.remove("CHRONOHOOK_BILLING_DEFAULT_PLAN");
        for (String generated : List.of("CHRONOHOOK_AUTH_OPERATOR_TOKEN", "CHRONOHOOK_SECRETS_MASTER_KEYS",
                "CHRONOHOOK_SECRETS_ACTIVE_KEY_ID", "CHRONOHOOK_AUTH_JWT_SECRET")) {
            env.put(generated, "");
        }
        int apiPort = freePort();
        env.put("CHRONOHOOK_STATE_DIR", state.toString());
        env.put("CHRONOHOOK_SKIP_BUILD", "1");
        env.put("SERVER_PORT", Integer.toString(apiPort));
        env.put("CHRONOHOOK_FRONTEND_PORT", Integer.toString(freePort()));
        env.put("CHRONOHOOK_DEV_ECHO_PORT", Integer.toString(freePort()));

        ProcessBuilder builder = new ProcessBuilder("bash", LAUNCHER.toString(), "dev").redirectErrorStream(true);
        builder.environment().putAll(env);
        Instant started = Instant.now();
        Process dev = builder.start();
        StringBuilder output = new StringBuilder();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(dev.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                }
            } catch (IOException ignored) {
                // The process went away; what was read is kept.
            }
        });
        try {
            Instant deadline = started.plus(Duration.ofSeconds(60));
            while (!seen(output, "signature verified") && Instant.now().isBefore(deadline) && dev.isAlive()) {
                Thread.sleep(200);
            }
            String shown = text(output);
            assertThat(shown).as("what ./chronohook dev showed in %s s",
                    Duration.between(started, Instant.now()).toSeconds()).contains("signature verified");
            assertThat(shown).contains("POST /hello", "{\"hello\":\"world\"}");
            System.out.printf("[dev] a verified callback shown %.1f s after ./chronohook dev started%n",
                    Duration.between(started, Instant.now()).toMillis() / 1000.0);

            Matcher key = API_KEY.matcher(shown);
            assertThat(key.find()).as("the printed API key").isTrue();
            try (HttpClient http = HttpClient.newHttpClient()) {
                HttpResponse<String> jobs = http.send(HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + apiPort + "/api/v1/jobs"))
                        .header("authorization", "Bearer " + key.group(1)).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(jobs.statusCode()).isEqualTo(200);
                assertThat(jobs.body()).contains("hello-dev");
            }
            assertThat(Files.getPosixFilePermissions(state.resolve("dev.env")))
                    .as("the dev tenant's key is kept for its owner only").hasSize(2);
        } finally {
            dev.destroy();
            if (!dev.waitFor(60, TimeUnit.SECONDS)) {
                dev.destroyForcibly();
            }
            reader.join(Duration.ofSeconds(5));
        }
        String pids = Files.exists(state.resolve("run")) ? String.join(" ", Files.list(state.resolve("run"))
                .map(Path::getFileName).map(Path::toString).toList()) : "";
        for (String part : List.of("backend", "frontend")) {
            Path pid = state.resolve("run/" + part + ".pid");
            if (Files.exists(pid)) {
                long id = Long.parseLong(Files.readString(pid).strip());
                assertThat(ProcessHandle.of(id).map(ProcessHandle::isAlive).orElse(false))
                        .as("%s still running after Ctrl-C (%s)", part, pids).isFalse();
            }
        }
    }

    private static boolean seen(StringBuilder output, String text) {
        return text(output).contains(text);
    }

    private static String text(StringBuilder output) {
        synchronized (output) {
            return output.toString();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
