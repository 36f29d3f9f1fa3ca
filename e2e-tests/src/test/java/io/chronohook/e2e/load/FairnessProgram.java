package io.chronohook.e2e.load;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Receiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Fairness benchmark, run by hand ({@code ./chronohook fairness [noisyRuns] [quietRuns] [weightSeconds]}), against
 * the backend jar with its default settings:
 * <ol>
 *   <li>Noisy neighbour: tenant A has {@code noisyRuns} one-shot runs due at the same instant T; tenant B has
 *   {@code quietRuns} due evenly between T+1 s and T+10 s. Prints B's fire lag (arrival − scheduled time) while A
 *   drains, A's drain time, and lost and doubled runs.</li>
 *   <li>Weights: two tenants on plans of weight 1 and 3 with enough due runs to stay backlogged for
 *   {@code weightSeconds}; prints the delivered ratio in every 5 s and over the whole span.</li>
 *   <li>Flow keys: one tenant's keys of weights 1, 2 and 5 (with limits of requests in flight), all backlogged for
 *   {@code weightSeconds}; prints each key's share and its most requests in flight.</li>
 *   <li>A noisy key: one tenant's key with {@code noisyRuns} due at T beside a key with {@code quietRuns} due
 *   between T+1 s and T+10 s; prints the quiet key's fire lag.</li>
 * </ol>
 * Writes the figures to {@code e2e-tests/target/fairness-results.txt}.
 */
public final class FairnessProgram {

    private FairnessProgram() {
    }

    public static void main(String[] args) throws Exception {
        int noisyRuns = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int quietRuns = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int weightSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        StringBuilder report = new StringBuilder();
        try (BackendProcess backend = BackendProcess.start(Map.of("JAVA_TOOL_OPTIONS", "-Xmx2g"))) {
            Rates rates = noisyNeighbour(backend, noisyRuns, quietRuns, report);
            weights(backend, weightSeconds, rates, report);
            // Inside one tenant: keys by weight (enough runs for the heaviest to stay backlogged), then a noisy key.
            int heaviestRuns = (int) (rates.drain() * (weightSeconds + 5) * 5 / 8);
            FlowKeysFairness.Shares shares = FlowKeysFairness.shares(backend, heaviestRuns, weightSeconds,
                    rates.creation(), FlowKeysFairness.MAX_IN_FLIGHT);
            shares.lines().forEach(line -> log(report, "%s%n", line));
            List<String> lines = new ArrayList<>();
            FlowKeysFairness.quietKeyLag(backend, noisyRuns, quietRuns, 9, rates.creation(), lines);
            lines.forEach(line -> log(report, "%s%n", line));
        }
        System.out.print(report);
        Path out = Path.of("target", "fairness-results.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
    }

    /** How fast jobs were created and runs drained in the first part (per second): the second part's sizes. */
    private record Rates(double creation, double drain) {
    }

    private static Rates noisyNeighbour(BackendProcess backend, int noisyRuns, int quietRuns, StringBuilder report)
            throws Exception {
        NoisyNeighbour.Result result = NoisyNeighbour.run(backend, noisyRuns, quietRuns);
        result.lines().forEach(line -> log(report, "%s%n", line));
        return new Rates(result.creationPerSecond(), result.drainPerSecond());
    }

    private static void weights(BackendProcess backend, int seconds, Rates rates, StringBuilder report)
            throws Exception {
        ApiClient operator = ApiClient.operator(backend.uri("/"));
        for (int weight : new int[] {1, 3}) {
            operator.send("PUT", "/api/v1/operator/plans/weight" + weight, """
                    {"name":"weight %d","maxJobs":1000000,"executionsPerMonth":1000000000,
                     "dispatchRatePerSecond":1000000,"dispatchBurst":1000000,"fairShareWeight":%d,
                     "minIntervalSeconds":1,"maxPayloadBytes":65536,"historyRetentionDays":7,
                     "apiRequestsPerSecond":100000,"monthlyPriceCents":0,"overageCentsPer1000":1}"""
                    .formatted(weight, weight), 200);
        }
        try (Receiver light = new Receiver(); Receiver heavy = new Receiver()) {
            ApiClient l = new ApiClient(backend.uri("/"));
            String lightId = l.signUp().get("tenantId").asString();
            ApiClient h = new ApiClient(backend.uri("/"));
            String heavyId = h.signUp().get("tenantId").asString();
            operator.send("PUT", "/api/v1/operator/tenants/" + lightId + "/plan", "{\"plan\":\"weight1\"}", 200);
            operator.send("PUT", "/api/v1/operator/tenants/" + heavyId + "/plan", "{\"plan\":\"weight3\"}", 200);
            // Enough for both to stay backlogged over the span, with room to spare: twice the rate A drained at.
            int perSecond = (int) (rates.drain() * 2);
            int heavyRuns = perSecond * (seconds + 5) * 3 / 4;
            int lightRuns = perSecond * (seconds + 5) / 4;
            Instant t = Instant.now().plusSeconds(30 + (long) ((heavyRuns + lightRuns) / rates.creation()))
                    .truncatedTo(ChronoUnit.SECONDS);
            List<String> lightJobs = new ArrayList<>();
            for (int i = 0; i < lightRuns; i++) {
                lightJobs.add(ApiClient.oneShot("light-" + i, t, light.url("/light")));
            }
            List<String> heavyJobs = new ArrayList<>();
            for (int i = 0; i < heavyRuns; i++) {
                heavyJobs.add(ApiClient.oneShot("heavy-" + i, t, heavy.url("/heavy")));
            }
            l.createInBatches(lightJobs, 1000, 2);
            h.createInBatches(heavyJobs, 1000, 2);
            if (Instant.now().isAfter(t.minusSeconds(10))) {
                log(report, "WARNING: creation ended less than 10 s before T%n");
            }
            while (Instant.now().isBefore(t.plusSeconds(seconds + 15))) {
                Thread.sleep(500);
            }
            // The span starts after the first 5 s (start-up of the burst) and lasts `seconds`.
            Instant from = t.plusSeconds(5);
            log(report, "weights 1 : 3, %d and %d runs due at T; delivered per 5 s after T+5 s:%n", lightRuns,
                    heavyRuns);
            long lightTotal = 0;
            long heavyTotal = 0;
            for (int s = 0; s < seconds; s += 5) {
                Instant start = from.plusSeconds(s);
                long lightN = count(light, start, start.plusSeconds(5));
                long heavyN = count(heavy, start, start.plusSeconds(5));
                lightTotal += lightN;
                heavyTotal += heavyN;
                log(report, "  +%2d s  light %6d  heavy %6d  ratio %.2f%n", s, lightN, heavyN,
                        heavyN / (double) Math.max(1, lightN));
            }
            log(report, "over %d s: light %d, heavy %d, ratio %.3f (target 3 ± 10 %%); light left at the end %d, "
                            + "heavy left %d%n", seconds, lightTotal, heavyTotal,
                    heavyTotal / (double) Math.max(1, lightTotal),
                    lightRuns - count(light, t.minusSeconds(60), from.plusSeconds(seconds)),
                    heavyRuns - count(heavy, t.minusSeconds(60), from.plusSeconds(seconds)));
        }
    }

    private static long count(Receiver receiver, Instant from, Instant to) {
        return FlowKeysFairness.count(receiver, from, to);
    }

    private static void log(StringBuilder report, String format, Object... args) {
        String line = String.format(format, args);
        System.out.print(line);
        report.append(line);
    }
}
