package io.chronohook.e2e.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.Await;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Receiver;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code chk} as a tenant uses it, each command its own process against the real backend jar and a real receiver:
 * logging in keeps the key in a file only its owner can read, a job made on the command line delivers and the tail
 * prints its runs as they happen, a dead run is found and replayed, and every kind of failure has its exit code.
 */
class ChkCliE2ETest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static BackendProcess backend;
    private static String apiKey;

    @TempDir
    Path home;

    @BeforeAll
    static void start() throws Exception {
        backend = BackendProcess.start(Map.of());
        apiKey = new ApiClient(backend.uri("/")).signUp().get("apiKey").asString();
    }

    @AfterAll
    static void stop() throws Exception {
        if (backend != null) {
            backend.close();
        }
    }

    @Test
    void loginKeepsTheCheckedKeyInAFileOnlyItsOwnerCanReadAndLogoutForgetsIt() throws Exception {
        ChkProcess chk = new ChkProcess(home);

        ChkProcess.Result login = chk.runWithInput(apiKey + "\n", "login", "--url", url());

        assertThat(login.exitCode()).as(login.toString()).isZero();
        assertThat(login.out()).contains("Logged in to " + url(), "Saved in " + chk.configFile());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(chk.configFile())))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(chk.configFile().getParent())))
                .isEqualTo("rwx------");
        JsonNode stored = JSON.readTree(Files.readString(chk.configFile()));
        assertThat(stored.get("url").asString()).isEqualTo(url());
        assertThat(stored.get("apiKey").asString()).isEqualTo(apiKey);

        ChkProcess.Result jobs = chk.run("jobs", "list", "--json");
        assertThat(jobs.exitCode()).as(jobs.toString()).isZero();
        assertThat(JSON.readTree(jobs.out()).isArray()).isTrue();

        ChkProcess.Result logout = chk.run("logout");
        assertThat(logout.exitCode()).as(logout.toString()).isZero();
        assertThat(chk.configFile()).doesNotExist();

        ChkProcess.Result withoutKey = chk.run("--url", url(), "jobs", "list");
        assertThat(withoutKey.exitCode()).as(withoutKey.toString()).isEqualTo(4);
        assertThat(withoutKey.err()).contains("no API key", "chk login");
        assertThat(withoutKey.out()).isEmpty();
    }

    @Test
    void aJobCreatedOnTheCommandLineDeliversAndTheTailPrintsItsRunsAsTheyHappen() throws Exception {
        try (Receiver receiver = new Receiver()) {
            ChkProcess chk = loggedIn();
            ChkProcess.Result created = chk.run("jobs", "create", "--name", "every-second", "--cron", "* * * * * *",
                    "--url", receiver.url("/tail"), "--header", "X-Source=chk", "--json");
            assertThat(created.exitCode()).as(created.toString()).isZero();
            JsonNode job = JSON.readTree(created.out());
            String jobId = job.get("id").asString();
            assertThat(job.at("/schedule/cron").asString()).isEqualTo("* * * * * *");
            assertThat(job.at("/target/headers/X-Source").asString()).isEqualTo("chk");

            ChkProcess.Running tail = chk.start("runs", "tail", "--job", jobId, "--count", "3");
            int exitCode = tail.awaitExit(Duration.ofSeconds(60));

            assertThat(exitCode).as(tail.printed()).isZero();
            List<ChkProcess.Line> ended = tail.lines().stream()
                    .filter(line -> line.text().contains(" succeeded ")).toList();
            assertThat(ended).as(tail.printed()).hasSize(3);
            Set<String> delivered = new HashSet<>();
            receiver.arrivals().forEach(arrival -> delivered.add(arrival.webhookId()));
            List<String> endedRuns = ended.stream().map(line -> line.text().split("\\s+")[0]).toList();
            assertThat(delivered).as("runs the tail saw succeed were delivered to the receiver")
                    .containsAll(endedRuns);
            // Printed as they happened: the three runs due a second apart were not printed at once at the end.
            Duration spread = Duration.between(ended.getFirst().at(), ended.getLast().at());
            assertThat(spread).as(tail.printed()).isGreaterThanOrEqualTo(Duration.ofMillis(500));

            ChkProcess.Result runs = chk.run("runs", "list", "--job", jobId, "--state", "succeeded");
            assertThat(runs.exitCode()).as(runs.toString()).isZero();
            assertThat(runs.out()).contains("ID", "STATE", "SCHEDULED FOR", endedRuns.getFirst());

            ChkProcess.Result deleted = chk.run("jobs", "delete", jobId);
            assertThat(deleted.exitCode()).as(deleted.toString()).isZero();
        }
    }

    @Test
    void aRunRefusedByItsReceiverIsADeadLetterThatAReplayDeliversOnceTheReceiverIsFixed() throws Exception {
        AtomicInteger status = new AtomicInteger(400);
        try (Receiver receiver = Receiver.answering(status::get)) {
            ChkProcess chk = loggedIn();
            ChkProcess.Result created = chk.run("jobs", "create", "--name", "refused", "--delay", "1s",
                    "--url", receiver.url("/refuses"), "--json");
            assertThat(created.exitCode()).as(created.toString()).isZero();
            String jobId = JSON.readTree(created.out()).get("id").asString();

            List<JsonNode> runs = new ArrayList<>();
            Await.until(() -> {
                runs.clear();
                JSON.readTree(chk.run("runs", "list", "--job", jobId, "--json").out()).forEach(runs::add);
                return runs.size() == 1 && runs.getFirst().get("state").asString().equals("dead");
            }, Duration.ofSeconds(30), () -> "runs: " + runs);
            String runId = runs.getFirst().get("id").asString();
            assertThat(runs.getFirst().get("lastStatusCode").asInt()).isEqualTo(400);
            assertThat(runs.getFirst().get("attempt").asInt()).as("a 400 is not retried").isEqualTo(1);

            ChkProcess.Result deadLetters = chk.run("dead-letters", "list", "--json");
            assertThat(deadLetters.exitCode()).as(deadLetters.toString()).isZero();
            JsonNode dead = findById(JSON.readTree(deadLetters.out()), runId);
            assertThat(dead).as(deadLetters.out()).isNotNull();
            assertThat(dead.get("jobName").asString()).isEqualTo("refused");
            ChkProcess.Result table = chk.run("dead-letters", "list");
            assertThat(table.out()).contains("RUN", "JOB NAME", runId, "refused");

            status.set(200);
            ChkProcess.Result replay = chk.run("dead-letters", "replay", runId);
            assertThat(replay.exitCode()).as(replay.toString()).isZero();
            assertThat(replay.out()).contains(runId);

            JsonNode[] run = new JsonNode[1];
            Await.until(() -> {
                run[0] = JSON.readTree(chk.run("runs", "get", runId, "--json").out());
                return run[0].get("state").asString().equals("succeeded");
            }, Duration.ofSeconds(30), () -> "run: " + run[0]);
            assertThat(run[0].get("lastStatusCode").asInt()).isEqualTo(200);
            long deliveries = 0;
            for (Receiver.Arrival arrival : receiver.arrivals()) {
                deliveries += arrival.webhookId().equals(runId) ? 1 : 0;
            }
            assertThat(deliveries).as("sent, refused, then sent again").isEqualTo(2);
            ChkProcess.Result again = chk.run("dead-letters", "replay", runId);
            assertThat(again.exitCode()).as("a run that is not dead: " + again).isEqualTo(3);
            assertThat(again.err()).contains("409", "invalid_state");
        }
    }

    @Test
    void refusalsUnknownKeysAndAnUnreachableApiEachHaveTheirExitCode() throws Exception {
        ChkProcess chk = loggedIn();

        ChkProcess.Result missing = chk.run("jobs", "get", "nonexistent-id");
        assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(3);
        assertThat(missing.err()).contains("the API refused the request", "404 Not Found", "(not_found)");
        assertThat(missing.out()).isEmpty();

        ChkProcess.Result invalid = chk.run("jobs", "create", "--name", "bad", "--cron", "* * *",
                "--url", "https://example.com/hook");
        assertThat(invalid.exitCode()).as(invalid.toString()).isEqualTo(3);
        assertThat(invalid.err()).contains("400 Bad Request", "schedule.cron:");

        ChkProcess.Result wrongKey = new ChkProcess(home.resolve("other"))
                .withEnv(Map.of("CHRONOHOOK_API_KEY", "chk_" + "x".repeat(43), "CHRONOHOOK_URL", url()))
                .run("jobs", "list");
        assertThat(wrongKey.exitCode()).as(wrongKey.toString()).isEqualTo(4);
        assertThat(wrongKey.err()).contains("did not accept the API key", "401 Unauthorized");

        ChkProcess.Result unreachable = new ChkProcess(home.resolve("other"))
                .withEnv(Map.of("CHRONOHOOK_API_KEY", apiKey))
                .run("--url", "http://127.0.0.1:" + closedPort(), "jobs", "list");
        assertThat(unreachable.exitCode()).as(unreachable.toString()).isEqualTo(5);
        assertThat(unreachable.err()).contains("cannot reach the API");

        ChkProcess.Result usage = chk.run("jobs", "frobnicate");
        assertThat(usage.exitCode()).as(usage.toString()).isEqualTo(2);
    }

    @Test
    void schedulesKeysAndUsageAnswerForPeopleAndForScripts() throws Exception {
        ChkProcess chk = loggedIn();

        ChkProcess.Result preview = chk.run("schedules", "preview", "--cron", "0 9 * * MON-FRI",
                "--timezone", "Europe/Berlin", "--count", "3", "--json");
        assertThat(preview.exitCode()).as(preview.toString()).isZero();
        JsonNode fireTimes = JSON.readTree(preview.out()).get("fireTimes");
        assertThat(fireTimes.size()).isEqualTo(3);
        assertThat(fireTimes.get(0).get("local").asString()).contains("T09:00");

        ChkProcess.Result created = chk.run("keys", "create", "--name", "ci", "--scope", "jobs:read", "--json");
        assertThat(created.exitCode()).as(created.toString()).isZero();
        String keyId = JSON.readTree(created.out()).get("id").asString();
        ChkProcess.Result keys = chk.run("keys", "list");
        assertThat(keys.out()).contains("PREFIX", "SCOPES", keyId, "jobs:read");
        assertThat(chk.run("keys", "revoke", keyId).exitCode()).isZero();
        assertThat(chk.run("keys", "list", "--json").out()).doesNotContain(keyId);

        ChkProcess.Result usage = chk.run("usage");
        assertThat(usage.exitCode()).as(usage.toString()).isZero();
        assertThat(usage.out()).contains("plan:", "executions:");
        assertThat(JSON.readTree(chk.run("usage", "--json").out()).has("executions")).isTrue();
    }

    private ChkProcess loggedIn() throws Exception {
        ChkProcess chk = new ChkProcess(home);
        ChkProcess.Result login = chk.runWithInput(apiKey + "\n", "login", "--url", url());
        assertThat(login.exitCode()).as(login.toString()).isZero();
        return chk;
    }

    private static String url() {
        String uri = backend.uri("").toString();
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    private static JsonNode findById(JsonNode items, String id) {
        for (JsonNode item : items) {
            if (item.get("id").asString().equals(id)) {
                return item;
            }
        }
        return null;
    }

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
