package io.chronohook.e2e.chaos;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.TestEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The chaos program ({@code ./chronohook chaos [--quick] [--only kill,sigterm,...]}): starts its own Postgres
 * cluster and Redis server, two backends with default settings and a recording receiver, runs each scenario of
 * {@link ChaosScenarios} under a steady load of one-shot runs (300 a second, or 50 with {@code --quick}, which also
 * shortens the outages), and prints a table of what each did to the runs; the table is also written to
 * {@code bench-results/chaos-latest.txt}.
 */
public final class ChaosProgram {

    static final List<String> SCENARIOS = List.of("kill", "sigterm", "idle-exit", "pg-restart", "pg-outage",
            "redis-flushall", "redis-down", "redis-freeze", "receiver-down");

    private ChaosProgram() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = List.of(args).contains("--quick");
        List<String> only;
        try {
            only = scenarios(args);
        } catch (IllegalArgumentException e) {
            System.err.println("chaos: " + e.getMessage() + " (./chronohook chaos --help)");
            System.exit(2);
            return;
        }
        List<ChaosResult> results = run(only, quick);
        List<String> lines = new ArrayList<>();
        lines.add(ChaosResult.header());
        results.forEach(result -> lines.add(result.row()));
        System.out.println();
        lines.forEach(System.out::println);
        Path out = Path.of("..", "bench-results", "chaos-latest.txt");
        Files.createDirectories(out.getParent());
        Files.write(out, lines);
        System.out.println("[chaos] table written to " + out.toAbsolutePath().normalize());
    }

    /** The scenarios the arguments name ({@code --only a,b}), all of them by default; refuses anything else. */
    static List<String> scenarios(String... args) {
        Set<String> only = new LinkedHashSet<>(SCENARIOS);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> { }
                case "--only" -> {
                    if (i + 1 == args.length) {
                        throw new IllegalArgumentException("--only takes scenarios, e.g. --only kill,sigterm");
                    }
                    only = new LinkedHashSet<>(List.of(args[++i].split(",")));
                    if (!SCENARIOS.containsAll(only)) {
                        throw new IllegalArgumentException("scenarios are " + String.join(",", SCENARIOS) + "; got "
                                + args[i]);
                    }
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + "; use --quick and --only " + String.join(",", SCENARIOS));
            }
        }
        return List.copyOf(only);
    }

    /** Runs the scenarios in order on one set of services and backends; returns their figures. */
    static List<ChaosResult> run(List<String> scenarios, boolean quick) throws Exception {
        List<ChaosResult> results = new ArrayList<>();
        try (ChaosServices services = ChaosServices.start();
             ChaosScenarios chaos = new ChaosScenarios(services, quick)) {
            for (String scenario : scenarios) {
                System.out.println("[chaos] " + scenario);
                ChaosResult result = chaos.run(scenario);
                System.out.println("[chaos] " + result.row());
                results.add(result);
            }
        }
        return results;
    }

    /** The settings of a backend on the program's own Postgres and Redis. */
    static Map<String, String> backendSettings() {
        Map<String, String> env = new HashMap<>(TestEnvironment.backendSettings(ChaosServices.DATABASE, 0));
        env.put("SPRING_R2DBC_URL", "r2dbc:postgresql://127.0.0.1:" + ChaosServices.PG_PORT + "/"
                + ChaosServices.DATABASE);
        env.put("SPRING_FLYWAY_URL", jdbcUrl());
        env.put("SPRING_DATA_REDIS_HOST", "127.0.0.1");
        env.put("SPRING_DATA_REDIS_PORT", Integer.toString(ChaosServices.REDIS_PORT));
        return env;
    }

    static BackendProcess startBackend() throws Exception {
        return BackendProcess.start(backendSettings());
    }

    static Connection database() throws Exception {
        return DriverManager.getConnection(jdbcUrl(), "chronohook", "chronohook");
    }

    private static String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + ChaosServices.PG_PORT + "/" + ChaosServices.DATABASE;
    }
}
