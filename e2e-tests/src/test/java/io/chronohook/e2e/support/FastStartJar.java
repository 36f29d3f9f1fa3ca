package io.chronohook.e2e.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Spring Boot jar in the form that starts fast: extracted by its tools jar mode (the application jar beside its
 * {@code lib/}, the layout the images run) with a JVM AOT cache of the classes a start loads and links, made by one
 * training run that stops once the context is refreshed ({@code -XX:AOTCacheOutput},
 * {@code spring.context.exit=onRefresh}). Made once for each build of the jar, in {@code target/fast-start/} beside
 * it, and shared by every process started from it: a backend starts in well under half the time, and the suite
 * starts some thirty of them.
 */
final class FastStartJar {

    private static final Duration TRAINING_LIMIT = Duration.ofMinutes(5);
    private static final Map<Path, Launch> MADE = new HashMap<>();

    /** What to run: the extracted jar, and the JVM options with the cache added. */
    record Launch(Path jar, List<String> jvmOptions) {
    }

    private FastStartJar() {
    }

    /**
     * The fast form of {@code jar}, extracted and trained now unless this build of it already was. The training
     * run gets {@code jvmOptions}, a heap of {@code maxHeap} and {@code trainingEnv}, and must be able to refresh its
     * context with them (for the backend: reach the test database and Redis).
     */
    static synchronized Launch of(Path jar, String maxHeap, List<String> jvmOptions, Map<String, String> trainingEnv)
            throws IOException, InterruptedException {
        Path source = jar.toAbsolutePath().normalize();
        if (!Files.isRegularFile(source)) {
            throw new IllegalStateException(source + " is missing; build its module first");
        }
        Launch known = MADE.get(source);
        if (known != null && Files.isRegularFile(known.jar())) {
            return known;
        }
        String name = source.getFileName().toString();
        Path folder = source.resolveSibling("fast-start").resolve(name.replaceFirst("\\.jar$", ""));
        Path cache = folder.resolve("app.aot");
        Path stamp = folder.resolve("made-from");
        String builtAs = Files.size(source) + " " + Files.getLastModifiedTime(source).toMillis();
        if (!Files.isRegularFile(cache) || !Files.isRegularFile(stamp) || !Files.readString(stamp).equals(builtAs)) {
            try {
                make(source, folder, cache, maxHeap, jvmOptions, trainingEnv);
            } catch (IllegalStateException | IOException failed) {
                // Only the start-up's speed is lost: every process starts from the jar as it is, and says why.
                String why = failed instanceof IOException ? failed.toString() : failed.getMessage();
                System.err.println("[fast-start] " + why + "; starting " + name + " as it is");
                Launch plain = new Launch(source, List.copyOf(jvmOptions));
                MADE.put(source, plain);
                return plain;
            }
            Files.writeString(stamp, builtAs);
        }
        List<String> options = new ArrayList<>(jvmOptions);
        options.add("-XX:AOTCache=" + cache);
        Launch launch = new Launch(folder.resolve(name), List.copyOf(options));
        MADE.put(source, launch);
        return launch;
    }

    private static void make(Path source, Path folder, Path cache, String maxHeap, List<String> jvmOptions,
                             Map<String, String> trainingEnv) throws IOException, InterruptedException {
        deleteRecursively(folder);
        Files.createDirectories(folder.getParent());
        Path log = Files.createDirectories(Path.of("target", "e2e-logs"))
                .resolve(folder.getFileName() + "-fast-start.log");
        run(List.of(java(), "-Djarmode=tools", "-jar", source.toString(), "extract", "--destination",
                folder.toString()), Map.of(), log, "extracting " + source.getFileName());
        List<String> training = new ArrayList<>(List.of(java(), "--enable-native-access=ALL-UNNAMED", "-Xmx" + maxHeap));
        training.addAll(jvmOptions);
        training.addAll(List.of("-XX:AOTCacheOutput=" + cache, "-Dspring.context.exit=onRefresh", "-jar",
                folder.resolve(source.getFileName()).toString()));
        Map<String, String> env = new HashMap<>(trainingEnv);
        // The web server is made but not started before the context stops; any port would do.
        env.put("SERVER_PORT", "0");
        run(training, env, log, "the training run of " + source.getFileName());
        if (!Files.isRegularFile(cache)) {
            throw new IllegalStateException("the training run made no AOT cache; see " + log.toAbsolutePath());
        }
    }

    private static void run(List<String> command, Map<String, String> env, Path log, String what)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(TRAINING_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException(what + " took over " + TRAINING_LIMIT + "; see " + log.toAbsolutePath());
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(what + " failed (exit " + process.exitValue() + "); see "
                    + log.toAbsolutePath());
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
