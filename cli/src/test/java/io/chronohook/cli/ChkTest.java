package io.chronohook.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** chk run in-process on its command line alone: help, usage errors and the exit codes that need no API. */
class ChkTest {

    @TempDir
    Path home;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void helpListsEveryCommandAndTheExitCodes() {
        assertThat(chk(Map.of(), "--help")).isZero();

        assertThat(stdout()).contains("login", "logout", "jobs", "runs", "dead-letters", "schedules", "keys", "usage",
                "completion", "Exit codes:", "3  the API refused the request");
    }

    @Test
    void everyCommandHasItsOwnHelp() {
        for (String[] command : new String[][] {{"jobs", "create"}, {"jobs", "update"}, {"runs", "tail"},
                {"dead-letters", "replay"}, {"schedules", "preview"}, {"keys", "create"}}) {
            out.reset();
            assertThat(chk(Map.of(), command[0], command[1], "--help")).as(String.join(" ", command)).isZero();
            assertThat(stdout()).contains("Usage: chk " + command[0] + " " + command[1]);
        }
    }

    @Test
    void anUnknownCommandOrAMissingSubcommandIsAUsageError() {
        assertThat(chk(Map.of(), "jobz")).isEqualTo(ExitCodes.USAGE);
        assertThat(chk(Map.of(), "jobs")).isEqualTo(ExitCodes.USAGE);
        assertThat(chk(Map.of(), "runs", "list")).as("--job is required").isEqualTo(ExitCodes.USAGE);
        assertThat(stderr()).contains("--job");
    }

    @Test
    void withoutAKeyACommandExitsWithTheCredentialCodeAndSaysHowToLogIn() {
        assertThat(chk(Map.of(), "jobs", "list", "--json")).isEqualTo(ExitCodes.CREDENTIAL);

        assertThat(stderr()).contains("no API key", "chk login", "CHRONOHOOK_API_KEY");
        assertThat(stdout()).isEmpty();
    }

    @Test
    void anApiThatCannotBeReachedExitsWithTheUnavailableCode() throws IOException {
        Map<String, String> env = Map.of("CHRONOHOOK_API_KEY", "chk_test", "CHRONOHOOK_URL",
                "http://127.0.0.1:" + closedPort());

        assertThat(chk(env, "jobs", "get", "job_x")).isEqualTo(ExitCodes.UNAVAILABLE);

        assertThat(stderr()).contains("cannot reach the API at http://127.0.0.1:");
    }

    @Test
    void aJobWithTwoSchedulesIsRefusedBeforeAnythingIsSent() {
        Map<String, String> env = Map.of("CHRONOHOOK_API_KEY", "chk_test");

        assertThat(chk(env, "jobs", "create", "--name", "x", "--cron", "* * * * *", "--every", "1m", "--url",
                "https://example.com")).isEqualTo(ExitCodes.USAGE);
        assertThat(stderr()).contains("give one schedule");
    }

    @Test
    void logoutWithoutALoginSaysSoAndSucceeds() {
        assertThat(chk(Map.of(), "logout")).isZero();

        assertThat(stderr()).contains("Not logged in");
    }

    @Test
    void completionPrintsABashScriptKnowingTheCommands() {
        assertThat(chk(Map.of(), "completion")).isZero();

        assertThat(stdout()).contains("complete -F", "dead-letters", "tail");
    }

    private int chk(Map<String, String> env, String... args) {
        Map<String, String> withHome = new HashMap<>(env);
        withHome.put("HOME", home.toString());
        withHome.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        return Chk.run(args, withHome, new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
