package io.chronohook.e2e.support;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The backend jar run as its own process with the settings an installation would give it, on a free port. */
public final class BackendProcess extends JarProcess {

    private static final Path JAR = Path.of("..", "backend", "target", "chronohook-backend.jar");

    private BackendProcess(Map<String, String> env) throws IOException, InterruptedException {
        super("backend", JAR, "512m", List.of("-XX:+UseParallelGC"), env);
    }

    /** Starts the jar against the test database and the local Redis and waits until it reports healthy. */
    public static BackendProcess start(Map<String, String> extraEnv) throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(TestEnvironment.backendSettings());
        env.putAll(extraEnv);
        return new BackendProcess(env);
    }
}
