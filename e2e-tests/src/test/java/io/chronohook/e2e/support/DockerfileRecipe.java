package io.chronohook.e2e.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * One of the repository's Dockerfiles carried out without a container engine, as far as that can go: its build
 * stage's {@code COPY} and {@code RUN} steps run in a folder standing for the stage's {@code WORKDIR}, and its final
 * stage's files are laid out in a folder standing for the image's, with its {@code ENV}, {@code ENTRYPOINT},
 * {@code CMD} and {@code HEALTHCHECK} read from the file. What needs the engine or root — pulling the base image,
 * adding the image's user — is not done: the base image's Java is the one running this test.
 */
public final class DockerfileRecipe {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path repository;
    private final List<String[]> instructions = new ArrayList<>();

    private DockerfileRecipe(Path repository, List<String[]> instructions) {
        this.repository = repository;
        this.instructions.addAll(instructions);
    }

    /** Reads {@code dockerfile} (continuation lines joined, comments dropped); COPY sources are taken from {@code repository}. */
    public static DockerfileRecipe read(Path repository, Path dockerfile) throws IOException {
        List<String[]> instructions = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String raw : Files.readAllLines(dockerfile)) {
            String trimmed = raw.strip();
            if (trimmed.startsWith("#") || (trimmed.isEmpty() && line.isEmpty())) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                line.append(trimmed, 0, trimmed.length() - 1).append(' ');
                continue;
            }
            line.append(trimmed);
            String whole = line.toString().strip();
            line.setLength(0);
            int space = whole.indexOf(' ');
            instructions.add(new String[] {whole.substring(0, space).toUpperCase(), whole.substring(space + 1).strip()});
        }
        return new DockerfileRecipe(repository, instructions);
    }

    /** The image laid out: its folder (standing for {@code /app}), environment and commands. */
    public record Image(Path root, Map<String, String> env, List<String> entrypoint, List<String> cmd,
                        List<String> healthcheck, List<Path> layers) {

        /** ENTRYPOINT then CMD, as the engine would start the container. */
        public List<String> command() {
            List<String> command = new ArrayList<>(entrypoint);
            command.addAll(cmd);
            return command;
        }
    }

    /**
     * Carries the file out into {@code into}: {@code into/build} stands for the build stage's work folder and
     * {@code into/app} for the image's. Each {@code COPY --from} of the final stage is one image layer; their
     * folders in the build stage are returned in order.
     */
    public Image carryOut(Path into) throws Exception {
        Path build = Files.createDirectories(into.resolve("build"));
        Path app = Files.createDirectories(into.resolve("app"));
        Map<String, String> env = new LinkedHashMap<>();
        List<String> entrypoint = List.of();
        List<String> cmd = List.of();
        List<String> healthcheck = List.of();
        List<Path> layers = new ArrayList<>();
        int stage = 0;
        String buildWorkdir = null;
        for (String[] instruction : instructions) {
            String keyword = instruction[0];
            String rest = instruction[1];
            switch (keyword) {
                case "FROM" -> stage++;
                case "WORKDIR" -> {
                    if (stage == 1) {
                        buildWorkdir = rest;
                    }
                }
                case "COPY" -> {
                    String[] parts = rest.split("\\s+");
                    if (parts[0].startsWith("--from=")) {
                        Path layer = local(parts[1], buildWorkdir, build, "/app", app);
                        layers.add(layer);
                        copyTree(layer, local(parts[2], "/app", app, "/app", app));
                    } else {
                        Path target = stage == 1 ? local(parts[1], buildWorkdir, build, buildWorkdir, build)
                                : local(parts[1], "/app", app, "/app", app);
                        Files.createDirectories(target.getParent());
                        Files.copy(repository.resolve(parts[0]), target, StandardCopyOption.REPLACE_EXISTING,
                                StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
                case "RUN" -> {
                    if (stage == 1) {
                        run(rest, build);
                    }
                    // The final stage's RUN adds the image's user: root's business on a machine, not this test's.
                }
                case "ENV" -> env.putAll(assignments(rest));
                case "ENTRYPOINT" -> entrypoint = json(rest);
                case "CMD" -> cmd = json(rest);
                case "HEALTHCHECK" -> healthcheck = json(rest.substring(rest.indexOf("CMD ") + 4));
                default -> {
                    // ARG, USER, EXPOSE, STOPSIGNAL: nothing to lay out.
                }
            }
        }
        return new Image(app, env, resolve(entrypoint, app), cmd, resolve(healthcheck, app), layers);
    }

    /** A path of the file ({@code /app/x}, {@code ./}, {@code /build/y}) in the folders standing for the image's. */
    private static Path local(String path, String workdir, Path workFolder, String imageRoot, Path imageFolder) {
        if (path.startsWith(imageRoot + "/") || path.equals(imageRoot)) {
            return imageFolder.resolve(path.substring(imageRoot.length()).replaceFirst("^/", ""));
        }
        if (workdir != null && path.startsWith(workdir + "/")) {
            return workFolder.resolve(path.substring(workdir.length() + 1));
        }
        return workFolder.resolve(path);
    }

    private static List<String> resolve(List<String> command, Path app) {
        return command.stream().map(word -> word.startsWith("/app/") ? app.resolve(word.substring(5)).toString()
                : word).toList();
    }

    private static void run(String command, Path folder) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(folder.toFile())
                .redirectErrorStream(true);
        builder.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + ":"
                + System.getenv("PATH"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("RUN " + command + " failed: " + output);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** {@code K=V K2="v w"} as the ENV instruction writes them. */
    static Map<String, String> assignments(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int equals = text.indexOf('=', i);
            if (equals < 0) {
                break;
            }
            String name = text.substring(i, equals);
            StringBuilder value = new StringBuilder();
            i = equals + 1;
            boolean quoted = false;
            while (i < text.length() && (quoted || !Character.isWhitespace(text.charAt(i)))) {
                char c = text.charAt(i++);
                if (c == '"') {
                    quoted = !quoted;
                } else {
                    value.append(c);
                }
            }
            values.put(name, value.toString());
        }
        return values;
    }

    private static List<String> json(String array) {
        return List.of(JSON.readValue(array, String[].class));
    }
}
