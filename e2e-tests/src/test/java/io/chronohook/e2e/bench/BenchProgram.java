package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.TestEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark program, run by hand ({@code ./chronohook bench [--quick] [--only 0,a,b,c,d,e,f,g]}): the receiver
 * alone (0), steady 1,000 (a) and 3,000 (b) runs a second, a ramp to the highest sustained rate (c), 100,000 runs due
 * in one second beside a quiet tenant (d), the planner, the API and the heap at a million cron jobs (e), single job
 * creates and reads with 32 clients on an empty tenant and on one of a million jobs (g), and, when named, 3,000 runs
 * a second on an installation holding 50 million historical runs (f). Each group
 * of scenarios gets a backend jar of its own with default settings, on a fresh database and Redis database.
 * Prints a table and writes {@code bench-results/latest.json} at the repository root. With
 * {@code CHRONOHOOK_BENCH_JFR=1} each backend records a flight recording beside it; options in
 * {@code CHRONOHOOK_BENCH_BACKEND_JAVA_OPTS} are given to each backend's JVM (and to no other).
 */
public final class BenchProgram {

    private static final Path RESULTS = Path.of("..", "bench-results");

    private BenchProgram() {
    }

    /** A group of scenarios that runs on one backend. */
    private interface OnBackend {
        void run(BackendProcess backend, BenchOptions options, BenchReport report) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage() + " (./chronohook bench --help)");
            System.exit(2);
            return;
        }
        Instant started = Instant.now();
        BenchReport report = new BenchReport();
        report.put("timestamp", started.toString());
        report.put("commit", Machine.commit());
        report.put("mode", options.quick() ? "quick" : "full");
        report.put("scenarios", List.copyOf(options.scenarios()));
        report.put("machine", Machine.describe());
        Map<String, String> failures = new LinkedHashMap<>();
        if (options.runs("0")) {
            System.out.println("[bench] 0: the receiver alone");
            attempt("0", failures, () -> ReceiverCapacity.run(options, report));
        }
        if (options.runs("a") || options.runs("b") || options.runs("c")) {
            attempt("a-c", failures, () -> onFreshBackend("steady", SteadyRates::run, options, report));
        }
        if (options.runs("d")) {
            attempt("d", failures, () -> onFreshBackend("burst", Burst::run, options, report));
        }
        if (options.runs("e")) {
            attempt("e", failures, () -> onFreshBackend("million", MillionJobs::run, options, report));
        }
        if (options.runs("f")) {
            attempt("f", failures, () -> HistoryAtScale.run(options, report));
        }
        if (options.runs("g")) {
            attempt("g", failures, () -> onFreshBackend("creates", SingleCreates::run, options, report));
        }
        report.put("failures", failures);
        report.put("totalSeconds", Duration.between(started, Instant.now()).toSeconds());
        Path out = RESULTS.resolve("latest.json");
        report.write(out);
        System.out.println();
        System.out.print(report.table());
        failures.forEach((scenario, why) -> System.out.println("[bench] scenario " + scenario + " failed: " + why));
        System.out.println("[bench] figures written to " + out.toAbsolutePath().normalize());
        if (!failures.isEmpty()) {
            System.exit(1);
        }
    }

    private static void onFreshBackend(String session, OnBackend scenarios, BenchOptions options, BenchReport report)
            throws Exception {
        TestEnvironment.startAfresh();
        Map<String, String> env = new HashMap<>();
        String javaOptions = System.getenv().getOrDefault("CHRONOHOOK_BENCH_BACKEND_JAVA_OPTS", "");
        if (!javaOptions.isBlank()) {
            env.put("JAVA_TOOL_OPTIONS", javaOptions);
            System.out.println("[bench] backend JVM options: " + javaOptions);
        }
        if ("1".equals(System.getenv("CHRONOHOOK_BENCH_JFR"))) {
            Path recording = Files.createDirectories(RESULTS).resolve("backend-" + session + ".jfr")
                    .toAbsolutePath().normalize();
            env.put("JAVA_TOOL_OPTIONS", (javaOptions + " -XX:StartFlightRecording=filename=" + recording
                    + ",settings=profile,dumponexit=true").strip());
            System.out.println("[bench] recording the backend to " + recording);
        }
        try (BackendProcess backend = BackendProcess.start(env)) {
            scenarios.run(backend, options, report);
        }
    }

    private interface Scenario {
        void run() throws Exception;
    }

    private static void attempt(String scenario, Map<String, String> failures, Scenario run) {
        try {
            run.run();
        } catch (Exception e) {
            e.printStackTrace();
            failures.put(scenario, e.toString());
        }
    }
}
