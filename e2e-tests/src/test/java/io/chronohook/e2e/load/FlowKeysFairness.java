package io.chronohook.e2e.load;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.Lags;
import io.chronohook.e2e.support.Receiver;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fairness inside one tenant, on a running backend: flow keys of weights 1, 2 and 5 (with limits of requests in
 * flight), all backlogged, share the tenant's deliveries by weight; and a key with a large backlog does not hold up
 * another key of the same tenant.
 */
public final class FlowKeysFairness {

    /** The keys and their weights. */
    static final String[] KEYS = {"key-a", "key-b", "key-c"};
    static final int[] WEIGHTS = {1, 2, 5};
    /** The keys' limits of requests in flight in the program: near what their shares need on 2 vCPU. */
    public static final int[] MAX_IN_FLIGHT = {20, 40, 100};

    private FlowKeysFairness() {
    }

    /** What the weighted part measured: runs delivered per key over the span, and each key's most in flight. */
    public record Shares(long[] delivered, long[] maxInFlight, int seconds, List<String> lines) {

        /** Runs delivered per second over the span, all keys together: this machine's pace of delivery. */
        public double perSecond() {
            long total = 0;
            for (long n : delivered) {
                total += n;
            }
            return total / (double) Math.max(1, seconds);
        }

        /** Key {@code i}'s share of the deliveries over the span. */
        public double share(int i) {
            long total = 0;
            for (long n : delivered) {
                total += n;
            }
            return delivered[i] / (double) Math.max(1, total);
        }

        /** Key {@code i}'s target share: its weight over the weights' sum. */
        public static double target(int i) {
            int total = 0;
            for (int weight : WEIGHTS) {
                total += weight;
            }
            return WEIGHTS[i] / (double) total;
        }
    }

    /**
     * Keys of weights 1 : 2 : 5 with runs due at T in proportion to their weights ({@code heaviestRuns} for the key
     * of weight 5: every key needs about as long to deliver its own), created interleaved (so a slow creation delays
     * every key alike), counted over up to {@code seconds} from T+2 s. The span ends early when a key runs out
     * of runs (a second before its last one arrived): shares are only measured while every key is backlogged.
     * {@code maxInFlight}: the keys' limits of requests in flight, or null for none (the weights alone).
     */
    public static Shares shares(BackendProcess backend, int heaviestRuns, int seconds, double creationPerSecond,
                                int[] maxInFlight) throws Exception {
        int[] runs = new int[KEYS.length];
        int heaviest = Arrays.stream(WEIGHTS).max().orElseThrow();
        for (int i = 0; i < KEYS.length; i++) {
            runs[i] = (int) ((long) heaviestRuns * WEIGHTS[i] / heaviest);
        }
        int total = Arrays.stream(runs).sum();
        ApiClient api = new ApiClient(backend.uri("/"));
        api.signUp();
        List<Receiver> receivers = new ArrayList<>();
        try {
            for (int i = 0; i < KEYS.length; i++) {
                receivers.add(new Receiver());
                api.send("PUT", "/api/v1/flow-keys/" + KEYS[i], "{\"weight\":" + WEIGHTS[i]
                        + (maxInFlight == null ? "" : ",\"maxInFlight\":" + maxInFlight[i]) + "}", 200);
            }
            Instant t = Instant.now().plusSeconds(10 + (long) (total / creationPerSecond))
                    .truncatedTo(ChronoUnit.SECONDS);
            List<String> jobs = new ArrayList<>();
            for (int n = 0; n < runs[runs.length - 1]; n++) {
                for (int i = 0; i < KEYS.length; i++) {
                    // interleaved: the lighter keys' runs spread over the heaviest's
                    if ((long) n * runs[i] / runs[runs.length - 1] != (long) (n + 1) * runs[i] / runs[runs.length - 1]) {
                        jobs.add(keyed(KEYS[i] + "-" + n, t, receivers.get(i).url("/" + KEYS[i]), KEYS[i]));
                    }
                }
            }
            api.createInBatches(jobs, 1000, 2);
            List<String> lines = new ArrayList<>();
            if (Instant.now().isAfter(t.minusSeconds(5))) {
                lines.add("WARNING: creation ended less than 5 s before T");
            }
            Instant from = t.plusSeconds(2);
            Instant until = from.plusSeconds(seconds);
            while (Instant.now().isBefore(until.plusSeconds(2)) && runOut(receivers, runs) == null) {
                Thread.sleep(250);
            }
            Instant to = until;
            Instant dry = runOut(receivers, runs);
            if (dry != null && dry.minusSeconds(1).isBefore(to)) {
                to = dry.minusSeconds(1);
            }
            long spanMs = Math.max(0, to.toEpochMilli() - from.toEpochMilli());
            if (spanMs < 2000) {
                lines.add(String.format("WARNING: a key ran out of runs %.1f s after T: the span is too short; give "
                        + "each key more runs", (dry.toEpochMilli() - t.toEpochMilli()) / 1000.0));
            }
            long[] delivered = new long[KEYS.length];
            long[] mostInFlight = new long[KEYS.length];
            for (int i = 0; i < KEYS.length; i++) {
                delivered[i] = count(receivers.get(i), from, to);
                mostInFlight[i] = receivers.get(i).maxInFlight();
            }
            // What is left drains before the next measurement starts on the same installation.
            Instant drainBy = Instant.now().plusSeconds(300);
            while (Instant.now().isBefore(drainBy) && receivers.stream().mapToLong(Receiver::distinct).sum()
                    < total) {
                Thread.sleep(500);
            }
            Shares shares = new Shares(delivered, mostInFlight, (int) (spanMs / 1000), lines);
            lines.add(String.format("flow keys of one tenant, weights 1 : 2 : 5, %,d : %,d : %,d runs due at T; over "
                    + "%.1f s from T+2 s:", runs[0], runs[1], runs[2], spanMs / 1000.0));
            for (int i = 0; i < KEYS.length; i++) {
                lines.add(String.format("  %s weight %d: %,d delivered, share %.3f (target %.3f, %+.1f %%); most in "
                                + "flight %d (%s); left at the end %,d", KEYS[i], WEIGHTS[i], delivered[i],
                        shares.share(i), Shares.target(i), 100 * (shares.share(i) / Shares.target(i) - 1),
                        mostInFlight[i], maxInFlight == null ? "no limit" : "limit " + maxInFlight[i],
                        runs[i] - count(receivers.get(i), t.minusSeconds(60), to)));
            }
            return shares;
        } finally {
            for (Receiver receiver : receivers) {
                receiver.close();
            }
        }
    }

    /** When the first key to deliver all its runs delivered its last one; null while every key has some left. */
    private static Instant runOut(List<Receiver> receivers, int[] runs) {
        Instant first = null;
        for (int i = 0; i < receivers.size(); i++) {
            Receiver receiver = receivers.get(i);
            if (receiver.distinct() >= runs[i]) {
                Instant last = Instant.MIN;
                for (Receiver.Arrival arrival : receiver.arrivals()) {
                    last = arrival.at().isAfter(last) ? arrival.at() : last;
                }
                first = first == null || last.isBefore(first) ? last : first;
            }
        }
        return first;
    }

    /**
     * Jobs created per second through the batch API on this backend, once warm: four pairs of batches of 500 one-shot
     * jobs a day ahead (never due while the caller measures), two at a time as the measurements create them, on a
     * tenant of their own; the first two pairs warm up, the last two are timed.
     */
    public static double creationRate(BackendProcess backend) throws Exception {
        ApiClient api = new ApiClient(backend.uri("/"));
        api.signUp();
        Instant at = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        long started = 0;
        for (int round = 0; round < 4; round++) {
            if (round == 2) {
                started = System.nanoTime();
            }
            List<String> jobs = new ArrayList<>();
            for (int n = 0; n < 1000; n++) {
                jobs.add(keyed("probe-" + round + "-" + n, at, "http://127.0.0.1:9/probe", "probe"));
            }
            api.createInBatches(jobs, 500, 2);
        }
        return 2000 / ((System.nanoTime() - started) / 1e9);
    }

    /** What the noisy-key part measured: the quiet key's fire lag, and how long after T the noisy key drained. */
    public record QuietKey(Lags quiet, double noisyDrainSeconds) {
    }

    /**
     * A key with {@code noisyRuns} due at T beside a key of the same tenant with {@code quietRuns} due evenly
     * between T+1 s and T+1 s+{@code quietSeconds}: the quiet key's fire lag while the noisy one drains.
     */
    public static QuietKey quietKeyLag(BackendProcess backend, int noisyRuns, int quietRuns, int quietSeconds,
                                       double creationPerSecond, List<String> lines) throws Exception {
        ApiClient api = new ApiClient(backend.uri("/"));
        api.signUp();
        try (Receiver noisy = new Receiver(); Receiver quiet = new Receiver()) {
            Instant t = Instant.now().plusSeconds(10 + (long) ((noisyRuns + quietRuns) / creationPerSecond))
                    .truncatedTo(ChronoUnit.SECONDS);
            List<String> noisyJobs = new ArrayList<>();
            for (int n = 0; n < noisyRuns; n++) {
                noisyJobs.add(keyed("noisy-" + n, t, noisy.url("/noisy"), "noisy"));
            }
            List<String> quietJobs = new ArrayList<>();
            for (int n = 0; n < quietRuns; n++) {
                quietJobs.add(keyed("quiet-" + n, t.plusMillis(1000 + 1000L * quietSeconds * n / Math.max(1, quietRuns)),
                        quiet.url("/quiet"), "quiet"));
            }
            api.createInBatches(noisyJobs, 1000, 2);
            api.createInBatches(quietJobs, 1000, 2);
            if (Instant.now().isAfter(t)) {
                lines.add("WARNING: creation ended after T: the quiet key's lag counts the creation's delay");
            }
            Instant deadline = t.plusSeconds(300);
            while ((quiet.distinct() < quietRuns || noisy.distinct() < noisyRuns) && Instant.now().isBefore(deadline)) {
                Thread.sleep(250);
            }
            Lags quietLags = Lags.of(quiet.arrivals(), arrival -> arrival.scheduledFor() != null);
            Lags noisyLags = Lags.of(noisy.arrivals(), arrival -> arrival.scheduledFor() != null);
            Instant lastNoisy = t;
            for (Receiver.Arrival arrival : noisy.arrivals()) {
                lastNoisy = arrival.at().isAfter(lastNoisy) ? arrival.at() : lastNoisy;
            }
            double drain = (lastNoisy.toEpochMilli() - t.toEpochMilli()) / 1000.0;
            if (drain < 1 + quietSeconds) {
                lines.add(String.format("WARNING: the noisy key drained %.1f s after T, before the quiet key's last "
                        + "run was due: give it more runs", drain));
            }
            lines.add(String.format("one tenant, key \"noisy\" with %,d runs due at T beside key \"quiet\" with %d "
                            + "due between T+1 s and T+%d s:", noisyRuns, quietRuns, 1 + quietSeconds));
            lines.add(String.format("  quiet delivered %d of %d; fire lag p50 %,d ms, p99 %,d ms (target < 1,000)",
                    quiet.distinct(), quietRuns, quietLags.percentile(50), quietLags.percentile(99)));
            lines.add(String.format("  noisy delivered %,d of %,d, drained %.1f s after T; fire lag p99 %,d ms",
                    noisy.distinct(), noisyRuns, drain, noisyLags.percentile(99)));
            return new QuietKey(quietLags, drain);
        }
    }

    /** A one-shot job with a flow key. */
    static String keyed(String name, Instant at, String url, String key) {
        return "{\"name\":\"" + name + "\",\"schedule\":{\"type\":\"at\",\"at\":\"" + at + "\"},"
                + "\"target\":{\"url\":\"" + url + "\"},\"flowKey\":\"" + key + "\"}";
    }

    /** Arrivals at {@code receiver} in {@code [from, to)}. */
    static long count(Receiver receiver, Instant from, Instant to) {
        long n = 0;
        for (Receiver.Arrival arrival : receiver.arrivals()) {
            if (!arrival.at().isBefore(from) && arrival.at().isBefore(to)) {
                n++;
            }
        }
        return n;
    }
}
