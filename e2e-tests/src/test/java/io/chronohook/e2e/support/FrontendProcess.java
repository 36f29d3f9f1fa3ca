package io.chronohook.e2e.support;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The dashboard jar run as its own process on a free port, talking to the backend at a given URL. */
public final class FrontendProcess extends JarProcess {

    private static final Path JAR = Path.of("..", "frontend", "target", "chronohook-frontend.jar");

    private FrontendProcess(Map<String, String> env) throws IOException, InterruptedException {
        super("frontend", JAR, "256m", List.of(), env);
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
        return new FrontendProcess(env);
    }
}
