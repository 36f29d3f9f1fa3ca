package io.chronohook.e2e.bench;

import io.chronohook.e2e.load.NoisyNeighbour;
import io.chronohook.e2e.support.BackendProcess;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Scenario d: 100,000 one-shot runs of one tenant due in the same second, beside a quiet tenant whose runs fall due
 * over the next ten seconds at an endpoint of its own (the fairness program's noisy neighbour). Measured on a backend
 * that has delivered before, as one in service has: warm-up bursts of the same size, of two tenants of their own each,
 * run the delivery path through the JIT compiler until one drains less than {@value #SETTLED_GAIN} faster than the one
 * before, or {@value #WARM_UP_BURSTS} of them (the first is printed as the cold burst, all of them beside the measured
 * one; after one warm-up burst of the same size the compiler still took a sixth of the backend's CPU while the next one
 * drained). What the measured drain cost per run, process by process, is taken between T and its last delivery.
 */
final class Burst {

    /** A warm-up burst that drains less than this much faster than the one before ends the warm-up. */
    private static final double SETTLED_GAIN = 0.1;
    /** The most warm-up bursts. */
    private static final int WARM_UP_BURSTS = 4;

    private Burst() {
    }

    /**
     * What the drain cost per run delivered between T and the burst's last delivery (both tenants' runs), and what
     * completing the burst's jobs cost after that, per run of the drain.
     */
    private static final class DrainCosts implements NoisyNeighbour.DrainWatch {

        private final WindowCosts costs;
        private WindowCosts.Sample first;
        private WindowCosts.Sample atDrained;
        private long deliveredFirst;
        private long drainedRuns;
        private Map<String, Object> perRun = Map.of();
        private Map<String, Object> perRunAfter = Map.of();

        DrainCosts(WindowCosts costs) {
            this.costs = costs;
        }

        @Override
        public void due(long delivered) throws Exception {
            first = costs.sample();
            deliveredFirst = delivered;
        }

        @Override
        public void drained(long delivered) throws Exception {
            if (first != null) {
                atDrained = costs.sample();
                drainedRuns = delivered - deliveredFirst;
                perRun = costs.perRun(first, atDrained, drainedRuns);
            }
        }

        @Override
        public void completed(long delivered) throws Exception {
            if (atDrained != null) {
                perRunAfter = costs.perRun(atDrained, costs.sample(), drainedRuns);
            }
        }

        Map<String, Object> perRun() {
            return perRun;
        }

        /** From the last delivery until the burst's jobs all read completed, per run of the drain. */
        Map<String, Object> perRunAfter() {
            return perRunAfter;
        }
    }

    static void run(BackendProcess backend, BenchOptions options, BenchReport report) throws Exception {
        System.out.printf("[bench] d: creating %,d one-shot jobs due at one instant and %d of a quiet tenant%n",
                options.burstRuns(), options.quietRuns());
        List<NoisyNeighbour.Result> warmUp = warmUp(backend, options);
        NoisyNeighbour.Result cold = warmUp.getFirst();
        DrainCosts drain = new DrainCosts(new WindowCosts(backend.pid()));
        NoisyNeighbour.Result result = NoisyNeighbour.run(backend, options.burstRuns(), options.quietRuns(), drain);
        result.lines().forEach(line -> System.out.println("[bench] d: " + line));
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("runs", result.noisyRuns());
        figures.put("quietRuns", result.quietRuns());
        figures.put("creationPerSecond", Math.round(result.creationPerSecond()));
        figures.put("delivered", result.noisyDelivered());
        figures.put("duplicates", result.noisyDuplicates() + result.quietDuplicates());
        figures.put("lost", result.lost());
        figures.put("drainSeconds", result.drainSeconds());
        figures.put("drainPerSecond", Math.round(result.drainPerSecond()));
        figures.put("lagP50Ms", result.noisyLags().percentile(50));
        figures.put("lagP99Ms", result.noisyLags().percentile(99));
        figures.put("quietDelivered", result.quietDelivered());
        figures.put("quietLagP50Ms", result.quietLags().percentile(50));
        figures.put("quietLagP99Ms", result.quietLags().percentile(99));
        figures.put("quietLagMaxMs", result.quietLags().max());
        figures.put("quietDueWhileDraining", result.quietDueWhileDraining());
        figures.put("costPerRunDraining", drain.perRun());
        figures.put("completedSecondsAfterDrain", result.completedSeconds());
        figures.put("costPerRunCompletingAfterDrain", drain.perRunAfter());
        figures.put("coldRuns", cold.noisyRuns());
        figures.put("coldDrainSeconds", cold.drainSeconds());
        figures.put("coldQuietLagP99Ms", cold.quietLags().percentile(99));
        figures.put("warmUpDrainSeconds", warmUp.stream().map(NoisyNeighbour.Result::drainSeconds).toList());
        report.put("burst", figures);
        report.put("burstDrainSeconds", result.drainSeconds());
        report.put("quietTenantLagP99MsDuringBurst", result.quietLags().percentile(99));
        String name = "d burst " + String.format("%,d", result.noisyRuns());
        report.row(name, "delivered / lost / duplicates", String.format("%,d / %d / %d", result.noisyDelivered(),
                result.lost(), result.noisyDuplicates() + result.quietDuplicates()));
        report.row(name, "drained after T", String.format("%.1f s (%,.0f/s)", result.drainSeconds(),
                result.drainPerSecond()));
        report.row(name, "quiet tenant lag p50 / p99 / max", String.format("%,d / %,d / %,d ms%s",
                result.quietLags().percentile(50), result.quietLags().percentile(99), result.quietLags().max(),
                result.quietDueWhileDraining() ? "" : " (burst drained first)"));
        report.row(name, "per run, T to drained", drain.perRun().isEmpty() ? "not measured"
                : WindowCosts.describe(drain.perRun()));
        report.row(name, "jobs all completed after the last delivery", result.completedSeconds() < 0
                ? "not within " + NoisyNeighbour.COMPLETED_WITHIN.toSeconds() + " s"
                : String.format("%.1f s", result.completedSeconds()));
        report.row(name, "per run, drained to jobs completed", drain.perRunAfter().isEmpty() ? "not measured"
                : WindowCosts.describe(drain.perRunAfter()));
        report.row(name, "first burst (cold backend): runs, drained, quiet p99", String.format(
                "%,d, %.1f s (%,.0f/s), %,d ms", cold.noisyRuns(), cold.drainSeconds(), cold.drainPerSecond(),
                cold.quietLags().percentile(99)));
        report.row(name, "warm-up bursts, drained after T", warmUp.stream()
                .map(burst -> String.format("%.1f s", burst.drainSeconds())).collect(Collectors.joining(", ")));
        report.row(name, "jobs created per second (batch API)", String.format("%,.0f", result.creationPerSecond()));
        report.count(result.lost() + warmUp.stream().mapToLong(NoisyNeighbour.Result::lost).sum(),
                result.noisyDuplicates() + result.quietDuplicates() + warmUp.stream()
                        .mapToLong(burst -> burst.noisyDuplicates() + burst.quietDuplicates()).sum());
    }

    /**
     * Bursts on tenants of their own until one drains less than {@link #SETTLED_GAIN} faster than the one before, or
     * {@link #WARM_UP_BURSTS} of them; the first ran on the cold backend.
     */
    private static List<NoisyNeighbour.Result> warmUp(BackendProcess backend, BenchOptions options) throws Exception {
        List<NoisyNeighbour.Result> bursts = new ArrayList<>();
        while (bursts.size() < WARM_UP_BURSTS) {
            NoisyNeighbour.Result burst = NoisyNeighbour.run(backend, options.burstRuns(), options.quietRuns());
            String label = bursts.isEmpty() ? "cold backend" : "warm-up " + (bursts.size() + 1);
            burst.lines().forEach(line -> System.out.println("[bench] d (" + label + "): " + line));
            bursts.add(burst);
            if (bursts.size() > 1 && settled(bursts.get(bursts.size() - 2), burst)) {
                break;
            }
        }
        return bursts;
    }

    private static boolean settled(NoisyNeighbour.Result before, NoisyNeighbour.Result burst) {
        return burst.drainSeconds() > before.drainSeconds() * (1 - SETTLED_GAIN);
    }
}
