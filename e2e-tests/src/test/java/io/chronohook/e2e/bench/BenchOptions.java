package io.chronohook.e2e.bench;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What {@code ./chronohook bench} runs and for how long: scenarios 0, a to e and g at full length by default;
 * {@code --quick} shortens each one for a trial run, {@code --only 0,a,b,c,d,e,f,g} picks scenarios. Scenario f (a
 * month of history: 50 million runs written first, most of an hour) runs only when named.
 */
record BenchOptions(boolean quick, Set<String> scenarios, Duration receiverSpan, Duration firstWarmUp,
                    Duration laterWarmUp, Duration steadyWindow, Duration grace, Duration rampSettle,
                    Duration rampWindow, int rampStep, int rampCeiling, int burstRuns, int quietRuns,
                    int millionJobs, Duration millionSettle, Duration millionWindow, int apiCalls,
                    long historyRuns, int historyRate) {

    static final List<String> ALL = List.of("0", "a", "b", "c", "d", "e", "f", "g");
    static final List<String> DEFAULT = List.of("0", "a", "b", "c", "d", "e", "g");

    static BenchOptions parse(String... args) {
        boolean quick = false;
        Set<String> scenarios = new LinkedHashSet<>(DEFAULT);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--only" -> {
                    if (i + 1 == args.length) {
                        throw new IllegalArgumentException("--only takes a list of scenarios, e.g. --only a,b");
                    }
                    scenarios = new LinkedHashSet<>(Arrays.asList(args[++i].toLowerCase().split(",")));
                    if (!ALL.containsAll(scenarios)) {
                        throw new IllegalArgumentException("scenarios are " + String.join(",", ALL) + "; got "
                                + args[i]);
                    }
                }
                default -> throw new IllegalArgumentException("usage: bench [--quick] [--only 0,a,b,c,d,e,f,g]; got "
                        + args[i]);
            }
        }
        return quick
                ? new BenchOptions(true, scenarios, Duration.ofSeconds(5), Duration.ofSeconds(30),
                        Duration.ofSeconds(15), Duration.ofSeconds(20), Duration.ofSeconds(10), Duration.ofSeconds(5),
                        Duration.ofSeconds(10), 1000, 20_000, 20_000, 50, 100_000, Duration.ofSeconds(15),
                        Duration.ofSeconds(20), 100, 1_000_000, 1000)
                : new BenchOptions(false, scenarios, Duration.ofSeconds(10), Duration.ofSeconds(40),
                        Duration.ofSeconds(30), Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(10),
                        Duration.ofSeconds(20), 1000, 20_000, 100_000, 100, 1_000_000, Duration.ofSeconds(20),
                        Duration.ofSeconds(60), 300, 50_000_000, 3000);
    }

    boolean runs(String scenario) {
        return scenarios.contains(scenario);
    }
}
