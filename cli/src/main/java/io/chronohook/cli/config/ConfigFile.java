package io.chronohook.cli.config;

import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The login file, {@code $XDG_CONFIG_HOME/chronohook/config.json} ({@code ~/.config/chronohook/config.json} by
 * default): {@code {url, apiKey}}. It holds a secret, so it is only ever readable by its owner — created 0600 in a
 * 0700 directory and moved into place, never written in the open first.
 */
public final class ConfigFile {

    static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path path;

    public ConfigFile(Path path) {
        this.path = path;
    }

    /**
     * The file's place by the XDG base directory rules: {@code XDG_CONFIG_HOME} when it is an absolute path, else
     * {@code $HOME/.config} (the JVM's {@code user.home} only without {@code HOME}: it ignores {@code HOME}).
     */
    public static ConfigFile in(Map<String, String> env) {
        String xdg = env.get("XDG_CONFIG_HOME");
        Path configHome;
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            configHome = Path.of(xdg);
        } else {
            String home = env.get("HOME");
            configHome = Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home, ".config");
        }
        return new ConfigFile(configHome.resolve("chronohook").resolve("config.json"));
    }

    public Path path() {
        return path;
    }

    /** The stored login, or empty when there is no file; warns on {@code warnings} when others may read it. */
    public Optional<StoredLogin> read(PrintStream warnings) {
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        try {
            warnIfOpen(warnings);
            JsonNode json = JSON.readTree(Files.readString(path));
            String url = text(json, "url");
            String apiKey = text(json, "apiKey");
            if (url == null || apiKey == null) {
                throw unusable("it lacks url or apiKey");
            }
            return Optional.of(new StoredLogin(url, apiKey));
        } catch (JacksonException e) {
            throw unusable("it is not valid JSON");
        } catch (IOException e) {
            throw unusable("it cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Writes the login: a 0600 file in a 0700 directory, replacing the old one at once. */
    public void write(StoredLogin login) {
        ObjectNode json = JSON.createObjectNode().put("url", login.url()).put("apiKey", login.apiKey());
        Path directory = path.getParent();
        try {
            createPrivateDirectory(directory);
            Path temporary = Files.createTempFile(directory, ".config-", ".json", ownerOnly(OWNER_ONLY_FILE));
            try {
                Files.writeString(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n");
                restrict(temporary, OWNER_ONLY_FILE);
                move(temporary);
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.INTERNAL, "cannot write " + path + ": " + e.getMessage());
        }
    }

    /** Removes the login; false when there was none. */
    public boolean delete() {
        try {
            return Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.INTERNAL, "cannot remove " + path + ": " + e.getMessage());
        }
    }

    private void createPrivateDirectory(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            Files.createDirectories(directory.getParent());
            try {
                Files.createDirectory(directory, ownerOnly(OWNER_ONLY_DIRECTORY));
            } catch (FileAlreadyExistsException raced) {
                // another chk made it in the meantime: restricted below all the same
            }
        }
        restrict(directory, OWNER_ONLY_DIRECTORY);
    }

    private void move(Path temporary) throws IOException {
        try {
            Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private void warnIfOpen(PrintStream warnings) throws IOException {
        if (isPosix(path)) {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
            if (!OWNER_ONLY_FILE.containsAll(permissions)) {
                warnings.println("chk: warning: " + path + " holds your API key and others may read it ("
                        + PosixFilePermissions.toString(permissions) + "); run: chmod 600 " + path);
            }
        }
    }

    private CliFailure unusable(String why) {
        return new CliFailure(ExitCodes.CREDENTIAL, "cannot use " + path + ": " + why
                + "; run `chk login` again, or `chk logout` to remove it");
    }

    private FileAttribute<?>[] ownerOnly(Set<PosixFilePermission> permissions) {
        return isPosix(path)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)} : new FileAttribute<?>[0];
    }

    private static void restrict(Path file, Set<PosixFilePermission> permissions) throws IOException {
        // The umask may have taken bits away at creation, never added any; set them exactly all the same.
        if (isPosix(file)) {
            Files.setPosixFilePermissions(file, permissions);
        }
    }

    private static boolean isPosix(Path file) {
        return file.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.path(field);
        return value.isString() && !value.asString().isBlank() ? value.asString() : null;
    }
}
