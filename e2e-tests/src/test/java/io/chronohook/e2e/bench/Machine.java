package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.TestEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** Where the figures were taken: the commit, the machine, the JVM and the database. */
final class Machine {

    private Machine() {
    }

    static Map<String, Object> describe() {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("memoryGiB", memoryGiB());
        machine.put("os", osName() + " (" + System.getProperty("os.name") + " " + System.getProperty("os.version")
                + ", " + System.getProperty("os.arch") + ")");
        machine.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        machine.put("postgres", postgres());
        return machine;
    }

    /** The short id of the checked-out commit, with {@code -dirty} when the work tree has changes. */
    static String commit() {
        String head = git("rev-parse", "--short", "HEAD");
        return git("status", "--porcelain", "--untracked-files=no").isEmpty() ? head : head + "-dirty";
    }

    private static long memoryGiB() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    long kib = Long.parseLong(line.replaceAll("\\D", ""));
                    return Math.round(kib / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | NumberFormatException unknown) {
            // not Linux: leave it out
        }
        return 0;
    }

    private static String osName() {
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return line.substring("PRETTY_NAME=".length()).replace("\"", "");
                }
            }
        } catch (IOException unknown) {
            // not Linux
        }
        return "unknown";
    }

    private static String postgres() {
        try (Connection db = TestEnvironment.database(); Statement sql = db.createStatement();
             ResultSet row = sql.executeQuery("show server_version")) {
            row.next();
            return "PostgreSQL " + row.getString(1);
        } catch (java.sql.SQLException unknown) {
            return "unknown";
        }
    }

    private static String git(String... args) {
        try {
            String[] command = new String[args.length + 1];
            command[0] = "git";
            System.arraycopy(args, 0, command, 1, args.length);
            Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return git.waitFor() == 0 ? output : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
