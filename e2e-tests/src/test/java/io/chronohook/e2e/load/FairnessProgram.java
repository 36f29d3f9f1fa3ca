package io.chronohook.e2e.load;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Receiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
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
        try (Receiver noisy = new Receiver(); Receiver quiet = new Receiver()) {
            ApiClient a = new ApiClient(backend.uri("/"));
            a.signUp();
            ApiClient b = new ApiClient(backend.uri("/"));
            b.signUp();
            // Batch creation runs at well over 2,000 jobs a second; T leaves room for it.
            Instant t = Instant.now().plusSeconds(30 + noisyRuns / 2000).truncatedTo(ChronoUnit.SECONDS);
            List<String> quietJobs = new ArrayList<>();
            for (int i = 0; i < quietRuns; i++) {
                Instant at = t.plusSeconds(1).plusMillis(9000L * i / Math.max(1, quietRuns - 1));
                quietJobs.add(ApiClient.oneShot("quiet-" + i, at, quiet.url("/quiet")));
            }
            b.createInBatches(quietJobs, 500, 1);
            List<String> noisyJobs = new ArrayList<>();
            for (int i = 0; i < noisyRuns; i++) {
                noisyJobs.add(ApiClient.oneShot("noisy-" + i, t, noisy.url("/noisy")));
            }
            Instant createStart = Instant.now();
            a.createInBatches(noisyJobs, 1000, 2);
            Duration creation = Duration.between(createStart, Instant.now());
            log(report, "noisy neighbour: A has %d runs due at T, B has %d due between T+1 s and T+10 s%n",
                    noisyRuns, quietRuns);
            log(report, "created A's jobs in %.1f s (%.0f a second); T is %s%n", creation.toMillis() / 1000.0,
                    noisyRuns * 1000.0 / creation.toMillis(), t);
            if (Instant.now().isAfter(t.minusSeconds(10))) {
                log(report, "WARNING: creation ended less than 10 s before T%n");
            }
            Instant deadline = t.plusSeconds(300);
            while ((noisy.distinct() < noisyRuns || quiet.distinct() < quietRuns) && Instant.now().isBefore(deadline)) {
                Thread.sleep(500);
            }
            Thread.sleep(2000);
            List<Long> quietLags = lags(quiet);
            List<Long> noisyLags = lags(noisy);
            Instant lastNoisy = last(noisy);
            log(report, "B delivered %d of %d (duplicates %d); fire lag p50 %d ms, p99 %d ms, max %d ms%n",
                    quiet.distinct(), quietRuns, quiet.duplicated(), percentile(quietLags, 50),
                    percentile(quietLags, 99), quietLags.isEmpty() ? 0 : quietLags.getLast());
            log(report, "A delivered %d of %d (duplicates %d); drained %.1f s after T (%.0f runs a second); "
                            + "fire lag p50 %d ms, p99 %d ms%n",
                    noisy.distinct(), noisyRuns, noisy.duplicated(),
                    Duration.between(t, lastNoisy).toMillis() / 1000.0,
                    noisy.distinct() * 1000.0 / Math.max(1, Duration.between(t, lastNoisy).toMillis()),
                    percentile(noisyLags, 50), percentile(noisyLags, 99));
            log(report, "B's runs were due while A drained: %s%n",
                    lastNoisy.isAfter(t.plusSeconds(10)) ? "yes" : "no (A drained before T+10 s)");
            return new Rates(noisyRuns * 1000.0 / creation.toMillis(),
                    noisy.distinct() * 1000.0 / Math.max(1, Duration.between(t, lastNoisy).toMillis()));
        }
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
        long n = 0;
        for (Receiver.Arrival arrival : receiver.arrivals()) {
            if (!arrival.at().isBefore(from) && arrival.at().isBefore(to)) {
                n++;
            }
        }
        return n;
    }

    private static List<Long> lags(Receiver receiver) {
        List<Long> lags = new ArrayList<>();
        for (Receiver.Arrival arrival : receiver.arrivals()) {
            if (arrival.scheduledFor() != null) {
                lags.add(Duration.between(arrival.scheduledFor(), arrival.at()).toMillis());
            }
        }
        lags.sort(Comparator.naturalOrder());
        return lags;
    }

    private static Instant last(Receiver receiver) {
        Instant last = Instant.EPOCH;
        for (Receiver.Arrival arrival : receiver.arrivals()) {
            last = arrival.at().isAfter(last) ? arrival.at() : last;
        }
        return last;
    }

    private static void log(StringBuilder report, String format, Object... args) {
        String line = String.format(format, args);
        System.out.print(line);
        report.append(line);
    }

    static long percentile(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return 0;
        }
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}
