package io.chronohook.e2e.support;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The backend jar run as its own process with the settings an installation would give it, on a free port: extracted,
 * as the image runs it, and with an AOT cache ({@link FastStartJar}).
 */
public final class BackendProcess extends JarProcess {

    private static final Path JAR = Path.of("..", "backend", "target", "chronohook-backend.jar");
    private static final String MAX_HEAP = "512m";
    private static final List<String> JVM_OPTIONS = List.of("-XX:+UseParallelGC");

    private BackendProcess(FastStartJar.Launch launch, Map<String, String> env)
            throws IOException, InterruptedException {
        super("backend", launch.jar(), MAX_HEAP, launch.jvmOptions(), env);
    }

    /** Starts the jar against the test database and the local Redis and waits until it reports healthy. */
    public static BackendProcess start(Map<String, String> extraEnv) throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(TestEnvironment.backendSettings());
        env.putAll(extraEnv);
        // Trained on the test installation's settings, whatever this one's are (some are meant not to start).
        return new BackendProcess(FastStartJar.of(JAR, MAX_HEAP, JVM_OPTIONS, TestEnvironment.backendSettings()), env);
    }
}
