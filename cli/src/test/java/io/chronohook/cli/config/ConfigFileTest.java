package io.chronohook.cli.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.chronohook.cli.CliFailure;
import io.chronohook.cli.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {

    @TempDir
    Path home;

    private final ByteArrayOutputStream warnings = new ByteArrayOutputStream();

    @Test
    void writesTheLoginReadableOnlyByItsOwnerInADirectoryOnlyItsOwnerMayEnter() throws Exception {
        ConfigFile config = ConfigFile.in(Map.of("XDG_CONFIG_HOME", home.toString()));

        config.write(new StoredLogin("https://api.example.com", "chk_secret"));

        Path file = home.resolve("chronohook/config.json");
        assertThat(config.path()).isEqualTo(file);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
        assertThat(Files.readString(file)).contains("\"url\"", "https://api.example.com", "\"apiKey\"", "chk_secret");
        assertThat(config.read(warningsStream())).contains(new StoredLogin("https://api.example.com", "chk_secret"));
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aNewLoginReplacesTheOldOneAndLeavesNoTemporaryFileBehind() throws Exception {
        ConfigFile config = ConfigFile.in(Map.of("XDG_CONFIG_HOME", home.toString()));
        config.write(new StoredLogin("http://localhost:8080", "chk_old"));

        config.write(new StoredLogin("http://localhost:8080", "chk_new"));

        assertThat(config.read(warningsStream()).orElseThrow().apiKey()).isEqualTo("chk_new");
        try (var files = Files.list(config.path().getParent())) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactly("config.json");
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(config.path()))).isEqualTo("rw-------");
    }

    @Test
    void tightensADirectoryThatOthersCouldEnter() throws Exception {
        Path directory = Files.createDirectories(home.resolve("chronohook"));
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));

        ConfigFile.in(Map.of("XDG_CONFIG_HOME", home.toString())).write(new StoredLogin("http://x", "chk_k"));

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory))).isEqualTo("rwx------");
    }

    @Test
    void warnsWhenOthersMayReadTheKey() throws Exception {
        ConfigFile config = ConfigFile.in(Map.of("XDG_CONFIG_HOME", home.toString()));
        config.write(new StoredLogin("http://localhost:8080", "chk_key"));
        Files.setPosixFilePermissions(config.path(), PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(config.read(warningsStream())).isPresent();

        assertThat(warnings.toString(StandardCharsets.UTF_8)).contains("others may read it", "chmod 600");
    }

    @Test
    void liesUnderHomeDotConfigWithoutXdgConfigHomeOrWithARelativeOne() {
        assertThat(ConfigFile.in(Map.of("HOME", "/home/ada")).path())
                .isEqualTo(Path.of("/home/ada/.config/chronohook/config.json"));
        assertThat(ConfigFile.in(Map.of("HOME", "/home/ada", "XDG_CONFIG_HOME", "relative/dir")).path())
                .isEqualTo(Path.of("/home/ada/.config/chronohook/config.json"));
    }

    @Test
    void noFileIsNoLoginAndLogoutSaysSo() {
        ConfigFile config = ConfigFile.in(Map.of("XDG_CONFIG_HOME", home.toString()));

        assertThat(config.read(warningsStream())).isEmpty();
        assertThat(config.delete()).isFalse();
    }

    @Test
    void aBrokenFileIsReportedAsNoUsableCredential() throws Exception {
        ConfigFile config = ConfigFile.in(Map.of("XDG_CONFIG_HOME", home.toString()));
        Files.createDirectories(config.path().getParent());
        Files.writeString(config.path(), "{not json");

        assertThatThrownBy(() -> config.read(warningsStream()))
                .isInstanceOfSatisfying(CliFailure.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(ExitCodes.CREDENTIAL);
                    assertThat(failure.getMessage()).contains(config.path().toString(), "not valid JSON",
                            "chk login");
                });
    }

    private PrintStream warningsStream() {
        return new PrintStream(warnings, true, StandardCharsets.UTF_8);
    }
}
