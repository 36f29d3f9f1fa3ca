package io.chronohook.e2e.support;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The dashboard jar run as its own process on a free port, talking to the backend at a given URL: extracted, as the
 * image runs it, and with an AOT cache ({@link FastStartJar}).
 */
public final class FrontendProcess extends JarProcess {

    private static final Path JAR = Path.of("..", "frontend", "target", "chronohook-frontend.jar");

    private static final String MAX_HEAP = "256m";
    /** The training run only refreshes the context: no request reaches the backend, so any address does. */
    private static final Map<String, String> TRAINING = Map.of("CHRONOHOOK_BACKEND_URL", "http://127.0.0.1:9");

    private FrontendProcess(FastStartJar.Launch launch, Map<String, String> env)
            throws IOException, InterruptedException {
        super("frontend", launch.jar(), MAX_HEAP, launch.jvmOptions(), env);
    }

    /** Starts the dashboard against the backend at {@code backendUrl} (e.g. {@code backend.uri("")}). */
    public static FrontendProcess start(URI backendUrl) throws IOException, InterruptedException {
        return start(backendUrl, Map.of());
    }

    /** The same, with further settings in {@code extraEnv}. */
    public static FrontendProcess start(URI backendUrl, Map<String, String> extraEnv)
            throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(Map.of("CHRONOHOOK_BACKEND_URL", backendUrl.toString()));
        env.putAll(extraEnv);
        return new FrontendProcess(FastStartJar.of(JAR, MAX_HEAP, List.of(), TRAINING), env);
    }
}
