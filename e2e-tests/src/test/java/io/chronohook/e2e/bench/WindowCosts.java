package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.TestEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What a measured window cost, per delivered run: the CPU time of the backend, of Postgres (every {@code postgres}
 * process), of Redis and of this program (the receivers and the clients), read from {@code /proc}; the WAL Postgres
 * wrote; and the rows it inserted and updated (and how many of the updates were HOT), from its statistics. Taken at
 * the window's two ends, so the figures are those of the steady state and not of the warm-up.
 */
final class WindowCosts {

    /** The processes whose CPU time is told apart. */
    enum Part {
        BACKEND, POSTGRES, REDIS, PROGRAM
    }

    private static final String WRITES = """
            select pg_current_wal_lsn() - '0/0' as wal,
                   coalesce(sum(n_tup_ins), 0) as inserted,
                   coalesce(sum(n_tup_upd), 0) as updated,
                   coalesce(sum(n_tup_hot_upd), 0) as hot
              from pg_stat_user_tables
            """;

    /** The state of the counters at one instant. */
    record Sample(Map<Part, Long> ticks, long walBytes, long inserted, long updated, long hot) {
    }

    private final long backendPid;
    private final long ticksPerSecond;

    WindowCosts(long backendPid) {
        this.backendPid = backendPid;
        this.ticksPerSecond = clockTicks();
    }

    Sample sample() throws IOException, SQLException {
        // A busy session hands its table statistics over about once a second: a window's rows are right to a second.
        try (Connection db = TestEnvironment.database(); Statement statement = db.createStatement();
             ResultSet row = statement.executeQuery(WRITES)) {
            row.next();
            return new Sample(ticks(), row.getLong("wal"), row.getLong("inserted"), row.getLong("updated"),
                    row.getLong("hot"));
        }
    }

    /**
     * The costs between two samples, per run of the {@code runs} delivered between them (or per call of the API's
     * made between them).
     */
    Map<String, Object> perRun(Sample from, Sample to, long runs) {
        Map<String, Object> costs = new LinkedHashMap<>();
        double per = Math.max(runs, 1);
        for (Part part : Part.values()) {
            long ticks = to.ticks().get(part) - from.ticks().get(part);
            costs.put("cpuMicros" + name(part), Math.round(ticks * 1_000_000.0 / ticksPerSecond / per));
        }
        costs.put("walBytes", Math.round((to.walBytes() - from.walBytes()) / per));
        costs.put("rowsInserted", round((to.inserted() - from.inserted()) / per));
        costs.put("rowsUpdated", round((to.updated() - from.updated()) / per));
        costs.put("hotUpdated", round((to.hot() - from.hot()) / per));
        return costs;
    }

    /** The figures of {@link #perRun} on one line of the table. */
    static String describe(Map<String, Object> costs) {
        return String.format("CPU µs backend %,d, Postgres %,d, Redis %,d, program %,d; WAL %,d B; rows %s inserted, "
                        + "%s updated (%s HOT)", costs.get("cpuMicrosBackend"), costs.get("cpuMicrosPostgres"),
                costs.get("cpuMicrosRedis"), costs.get("cpuMicrosProgram"), costs.get("walBytes"),
                costs.get("rowsInserted"), costs.get("rowsUpdated"), costs.get("hotUpdated"));
    }

    private Map<Part, Long> ticks() throws IOException {
        Map<Part, Long> ticks = new LinkedHashMap<>();
        for (Part part : Part.values()) {
            ticks.put(part, 0L);
        }
        long self = ProcessHandle.current().pid();
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path process : processes.filter(path -> path.getFileName().toString().matches("\\d+")).toList()) {
                long pid = Long.parseLong(process.getFileName().toString());
                Part part = pid == backendPid ? Part.BACKEND : pid == self ? Part.PROGRAM : byCommand(process);
                if (part != null) {
                    ticks.merge(part, cpuTicks(process), Long::sum);
                }
            }
        }
        return ticks;
    }

    private static Part byCommand(Path process) {
        try {
            String command = Files.readString(process.resolve("comm")).strip();
            return command.equals("postgres") ? Part.POSTGRES : command.startsWith("redis-server") ? Part.REDIS : null;
        } catch (IOException gone) {
            return null;
        }
    }

    /** User and system time of a process, in clock ticks ({@code /proc/<pid>/stat} fields 14 and 15). */
    static long cpuTicks(Path process) {
        try {
            return ticksOf(Files.readString(process.resolve("stat")));
        } catch (IOException gone) {
            return 0;
        }
    }

    /** Fields 14 and 15 of a {@code stat} line; the command (field 2) may hold spaces and parentheses. */
    static long ticksOf(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    private static long clockTicks() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String answer = new String(getconf.getInputStream().readAllBytes()).strip();
            getconf.waitFor();
            return Long.parseLong(answer);
        } catch (IOException | NumberFormatException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }

    long ticksPerSecond() {
        return ticksPerSecond;
    }

    private static String name(Part part) {
        String lower = part.name().toLowerCase();
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
