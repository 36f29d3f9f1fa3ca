package io.chronohook.e2e.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The {@code chk} jar run as its own process, as a user runs it: with a home directory of its own (so its login file
 * is the test's) and none of the caller's {@code CHRONOHOOK_API_KEY} or {@code CHRONOHOOK_URL}.
 */
final class ChkProcess {

    private static final Path JAR = Path.of("..", "cli", "target", "chk.jar");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    /** What a finished command left: its exit code and output. */
    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** One line of output and when it came. */
    record Line(Instant at, String text) {
    }

    private final Path home;
    private final Map<String, String> extraEnv;

    ChkProcess(Path home) {
        this(home, Map.of());
    }

    private ChkProcess(Path home, Map<String, String> extraEnv) {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath() + " is missing; build the cli module first");
        }
        this.home = home;
        this.extraEnv = Map.copyOf(extraEnv);
    }

    /** The same user with more environment variables (e.g. a key given as CHRONOHOOK_API_KEY). */
    ChkProcess withEnv(Map<String, String> env) {
        return new ChkProcess(home, env);
    }

    Path configFile() {
        return home.resolve(".config").resolve("chronohook").resolve("config.json");
    }

    Result run(String... args) throws IOException, InterruptedException {
        return runWithInput("", args);
    }

    /** Runs chk with {@code input} on its stdin and waits for it to end. */
    Result runWithInput(String input, String... args) throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path out = Files.createTempFile(home, "out", ".txt");
        Path err = Files.createTempFile(home, "err", ".txt");
        Process process = builder(args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        }
        if (!process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("chk " + String.join(" ", args) + " did not end within " + PATIENCE + ":\n"
                    + Files.readString(out) + Files.readString(err));
        }
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** A command that keeps running (a tail): its stdout lines are collected as they come, with their time. */
    Running start(String... args) throws IOException {
        Files.createDirectories(home);
        Path err = Files.createTempFile(home, "err", ".txt");
        Process process = builder(args).redirectError(err.toFile()).start();
        process.getOutputStream().close();
        return new Running(process, err);
    }

    private ProcessBuilder builder(String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.remove("CHRONOHOOK_API_KEY");
        env.remove("CHRONOHOOK_URL");
        env.remove("XDG_CONFIG_HOME");
        env.put("HOME", home.toString());
        env.putAll(extraEnv);
        return builder;
    }

    /** A chk process still running, its stdout read line by line as it prints. */
    static final class Running {

        private final Process process;
        private final Path err;
        private final List<Line> lines = new CopyOnWriteArrayList<>();
        private final Thread reader;

        private Running(Process process, Path err) {
            this.process = process;
            this.err = err;
            this.reader = Thread.ofPlatform().daemon().start(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        lines.add(new Line(Instant.now(), line));
                    }
                } catch (IOException closed) {
                    // the process ended
                }
            });
        }

        List<Line> lines() {
            return lines;
        }

        /** Waits for the process to end by itself; returns its exit code, or kills it and fails after {@code patience}. */
        int awaitExit(Duration patience) throws InterruptedException, IOException {
            if (!process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError("still running after " + patience + "; printed:\n" + printed());
            }
            reader.join(Duration.ofSeconds(5));
            return process.exitValue();
        }

        /** Everything printed so far, for failure messages. */
        String printed() throws IOException {
            StringBuilder text = new StringBuilder();
            lines.forEach(line -> text.append(line.at()).append("  ").append(line.text()).append('\n'));
            return text + "--- stderr\n" + Files.readString(err);
        }
    }
}
